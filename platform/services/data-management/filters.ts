import { jsonApiError } from '../../http/errors';
import { controlTextProblem } from '../../http/text-rules';
import { NAME_OPERATORS, type NameClause, type NameOperator } from '../../storage/repos/name-filter';

/** `filter[field]` or `filter[attributes.field]`, optionally with an operator (`-contains`, `-starts`…). */
const FILTER_KEY = /^filter\[(?:attributes\.)?([A-Za-z.]+)\](?:-([a-z]+))?$/;
const MAX_VALUES = 50;
const MAX_VALUE_LENGTH = 255;

export interface FieldClause extends NameClause {
  /** The field as the key names it, without `attributes.`: `displayName`, `fileType`, `extension.type`. */
  field: string;
  /** The key as sent, for error messages. */
  key: string;
}

/**
 * Every `filter[...]` clause of a query whose field `wanted` accepts, read as the service reads them:
 * values separated by commas are alternatives (it has no escape for a comma), every clause holds.
 * Values are names or ids, so at most 255 characters and no control characters.
 */
export function readFieldFilters(query: URLSearchParams, wanted: (field: string) => boolean): FieldClause[] {
  const clauses: FieldClause[] = [];
  for (const key of new Set(query.keys())) {
    const match = FILTER_KEY.exec(key);
    if (!match || !wanted(match[1]!)) continue;
    const operator = (match[2] ?? 'eq') as NameOperator;
    if (!NAME_OPERATORS.includes(operator)) {
      throw jsonApiError(
        400,
        'BAD_INPUT',
        'Bad input',
        `${key.slice(0, 60)}: the operator must be one of ${NAME_OPERATORS.map((name) => `-${name}`).join(', ')}.`,
      );
    }
    const values = query.getAll(key).flatMap((value) => value.split(','));
    if (values.length > MAX_VALUES)
      throw jsonApiError(400, 'BAD_INPUT', 'Bad input', `${key} takes at most ${MAX_VALUES} values.`);
    for (const value of values) {
      if (value.length > MAX_VALUE_LENGTH || controlTextProblem(value)) {
        throw jsonApiError(
          400,
          'BAD_INPUT',
          'Bad input',
          `${key} values are names or ids: at most ${MAX_VALUE_LENGTH} characters, no control characters.`,
        );
      }
    }
    clauses.push({ field: match[1]!, key, operator, values });
  }
  return clauses;
}
