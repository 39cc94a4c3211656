/**
 * Data Management's filters on a name (`filter[displayName]-contains=a,b`), as SQL. Values of one
 * clause are alternatives; clauses all hold. Matching is case-sensitive and ordering is by code point
 * (COLLATE "C"), as the service compares. The values are named `needle`, not `v`, which queries use for versions.
 */

export const NAME_OPERATORS = ['eq', 'contains', 'starts', 'ends', 'lt', 'le', 'gt', 'ge'] as const;
export type NameOperator = (typeof NAME_OPERATORS)[number];

export interface NameClause {
  operator: NameOperator;
  values: string[];
}

const COMPARISONS: Partial<Record<NameOperator, string>> = { eq: '=', lt: '<', le: '<=', gt: '>', ge: '>=' };
const MATCHES: Partial<Record<NameOperator, (column: string) => string>> = {
  contains: (column) => `strpos(${column}, needle.x) > 0`,
  starts: (column) => `starts_with(${column}, needle.x)`,
  ends: (column) => `right(${column}, length(needle.x)) = needle.x`,
};

/** ` AND (…)` for each clause, reading its values from parameters numbered from `firstParam`; '' when there are none. */
export function nameConditions(
  column: string,
  clauses: readonly NameClause[],
  firstParam: number,
): { sql: string; params: string[][] } {
  const params: string[][] = [];
  let sql = '';
  for (const clause of clauses) {
    const param = `$${firstParam + params.length}::text[]`;
    params.push(clause.values);
    const comparison = COMPARISONS[clause.operator];
    const match = MATCHES[clause.operator];
    if (comparison) sql += ` AND ${column} COLLATE "C" ${comparison} ANY (${param})`;
    else if (match) sql += ` AND EXISTS (SELECT 1 FROM unnest(${param}) AS needle(x) WHERE ${match(column)})`;
  }
  return { sql, params };
}
