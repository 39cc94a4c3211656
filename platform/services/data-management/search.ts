import { jsonApiError } from '../../http/errors';
import { SEARCH_COLUMNS, type SearchClause, type SearchField } from '../../storage/repos/dm-search';
import { readFieldFilters } from './filters';

export interface SearchQuery {
  clauses: SearchClause[];
  /** False when `filter[type]` asks for something other than versions, which a search never lists. */
  typeMatches: boolean;
}

const isSearchField = (field: string): field is SearchField => Object.hasOwn(SEARCH_COLUMNS, field);
const FIELDS = [...Object.keys(SEARCH_COLUMNS), 'type'].join(', ');

/**
 * A folder search's `filter[...]` parameters, over the attributes of the version payload it lists.
 * A field the platform does not filter on (`createTime`, say) is refused by name: answering as if it
 * held would be a silent, wrong success.
 */
export function readSearchQuery(query: URLSearchParams): SearchQuery {
  for (const key of query.keys()) {
    if (!key.startsWith('filter[')) continue;
    const field = /^filter\[(?:attributes\.)?([^\]]*)\]/.exec(key)?.[1];
    if (field === undefined || (field !== 'type' && !isSearchField(field))) {
      throw jsonApiError(400, 'BAD_INPUT', 'Bad input', `${key.slice(0, 60)}: a folder search filters on ${FIELDS}.`);
    }
  }
  const clauses = readFieldFilters(query, (field) => field === 'type' || isSearchField(field));
  const typeClauses = clauses.filter((clause) => clause.field === 'type');
  for (const clause of typeClauses) {
    if (clause.operator !== 'eq')
      throw jsonApiError(400, 'BAD_INPUT', 'Bad input', `${clause.key}: filter[type] takes no operator.`);
  }
  return {
    clauses: clauses.filter((clause): clause is typeof clause & { field: SearchField } => isSearchField(clause.field)),
    typeMatches: typeClauses.every((clause) => clause.values.includes('versions')),
  };
}
