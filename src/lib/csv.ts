/** A cell a spreadsheet would run as a formula (OWASP, "CSV Injection"): it starts with one of these. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** Characters that make a field quoted: RFC 4180's, and the formula ones anywhere, so that a field stays one cell even where a spreadsheet splits on `;` or tabs. */
const NEEDS_QUOTES = /[",\r\n\t=+\-@]/;
/** A number as `String(number)` writes it (`-3.5`, `1e+21`, `-2.5e-7`). */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i;

/**
 * One CSV field that a spreadsheet reads as data, never as a formula. A field starting with `=`,
 * `+`, `-`, `@`, a tab or a carriage return gets a leading `'` (OWASP's advice), except a plain
 * number: OWASP would prefix `-3.5` too, turning it into text, but a number runs nothing, and a
 * property table's numbers should stay numbers. Quoted as RFC 4180 says, embedded quotes doubled.
 */
export function csvField(text: string): string {
  if (PLAIN_NUMBER.test(text)) return text;
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Rows as CSV text: fields through `csvField`, CRLF after every row (RFC 4180). */
export function toCsvText(rows: string[][]): string {
  return rows.map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
}
