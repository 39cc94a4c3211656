/**
 * The two pieces of the hook filter language (Jayway JsonPath, which the cloud runs) that
 * jsonpath-plus's safe evaluator has no word for: the `in` / `nin` operators and wildcard paths
 * inside a filter expression (`'Plans' in @.ancestors[*].name`). Both are rewritten into calls of
 * the two sandbox helpers below, so evaluation stays in the library's safe mode.
 */

/** A filter the platform cannot read; its message says why, in words a hook's author can act on. */
export class FilterError extends Error {}

export const IN_HELPER = '__in';
export const EACH_HELPER = '__each';

type Kind = 'string' | 'number' | 'name' | 'path' | 'open' | 'close' | 'comma' | 'op' | 'space';
interface Token {
  kind: Kind;
  text: string;
}

const NAME_START = /[A-Za-z_$]/;
const NAME_PART = /[A-Za-z0-9_$]/;
const OP_CHARS = /[=!<>&|+\-*/%~^?:.]/;

function readQuoted(expr: string, at: number): number {
  const quote = expr[at];
  for (let i = at + 1; i < expr.length; i++) {
    if (expr[i] === '\\') i++;
    else if (expr[i] === quote) return i + 1;
  }
  throw new FilterError(`The string that starts at ${expr.slice(at, at + 20)} is never closed.`);
}

function readName(expr: string, at: number): number {
  let end = at;
  while (end < expr.length && NAME_PART.test(expr[end] ?? '')) end++;
  return end;
}

/**
 * An `@` path and its segments. A path with a `*` segment becomes `__each(@, 'a', '*', 'b')`, which
 * yields every value it reaches; a plain path stays as written.
 */
function readPath(expr: string, at: number): { end: number; text: string } {
  let end = readName(expr, at + 1);
  const base = expr.slice(at, end);
  const segments: string[] = [];
  let wildcard = false;
  for (;;) {
    if (expr[end] === '.' && expr[end + 1] === '*') {
      segments.push("'*'");
      wildcard = true;
      end += 2;
    } else if (expr[end] === '.' && NAME_START.test(expr[end + 1] ?? '')) {
      const stop = readName(expr, end + 1);
      segments.push(`'${expr.slice(end + 1, stop)}'`);
      end = stop;
    } else if (expr[end] === '[') {
      const inner = /^\[\s*(\*|-?\d+|'(?:\\.|[^'\\])*'|"(?:\\.|[^"\\])*")\s*\]/.exec(expr.slice(end));
      if (!inner?.[1]) break;
      wildcard ||= inner[1] === '*';
      segments.push(inner[1] === '*' ? "'*'" : inner[1]);
      end += inner[0].length;
    } else break;
  }
  const text = wildcard ? `${EACH_HELPER}(${[base, ...segments].join(', ')})` : expr.slice(at, end);
  return { end, text };
}

function tokenize(expr: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < expr.length) {
    const c = expr[i] ?? '';
    let end = i + 1;
    let kind: Kind;
    let text: string | undefined;
    if (/\s/.test(c)) {
      while (/\s/.test(expr[end] ?? '')) end++;
      kind = 'space';
    } else if (c === "'" || c === '"') {
      end = readQuoted(expr, i);
      kind = 'string';
    } else if (/\d/.test(c)) {
      while (/[\d.eE]/.test(expr[end] ?? '')) end++;
      kind = 'number';
    } else if (c === '@') {
      ({ end, text } = readPath(expr, i));
      kind = 'path';
    } else if (NAME_START.test(c)) {
      end = readName(expr, i);
      kind = 'name';
    } else if (c === '(' || c === '[') kind = 'open';
    else if (c === ')' || c === ']') kind = 'close';
    else if (c === ',') kind = 'comma';
    else if (OP_CHARS.test(c)) {
      while (OP_CHARS.test(expr[end] ?? '')) end++;
      kind = 'op';
    } else throw new FilterError(`The character ${c} cannot appear in a filter expression.`);
    tokens.push({ kind, text: text ?? expr.slice(i, end) });
    i = end;
  }
  return tokens;
}

/** Index of the bracket that closes (step 1) or opens (step -1) the one at `at`. */
function matching(tokens: Token[], at: number, step: 1 | -1): number {
  let depth = 0;
  for (let i = at; i >= 0 && i < tokens.length; i += step) {
    const kind = tokens[i]?.kind;
    if (kind === (step === 1 ? 'open' : 'close')) depth++;
    else if (kind === (step === 1 ? 'close' : 'open') && --depth === 0) return i;
  }
  throw new FilterError('Its brackets or parentheses do not pair up.');
}

const isOperand = (t: Token | undefined) => t !== undefined && ['string', 'number', 'name', 'path'].includes(t.kind);

/** The operand just before `at` (a value, a path, a call or a bracketed group), as [first, last]. */
function operandBefore(tokens: Token[], at: number): [number, number] {
  let last = at - 1;
  while (tokens[last]?.kind === 'space') last--;
  let first = last;
  if (tokens[last]?.kind === 'close') {
    first = matching(tokens, last, -1);
    if (isOperand(tokens[first - 1]) && tokens[first]?.text === '(') first--;
  } else if (!isOperand(tokens[last])) throw new FilterError('`in` needs a value on its left.');
  return [first, last];
}

/** The operand just after `at`, as [first, last]. */
function operandAfter(tokens: Token[], at: number): [number, number] {
  let first = at + 1;
  while (tokens[first]?.kind === 'space') first++;
  let last = first;
  if (tokens[first]?.kind === 'open') last = matching(tokens, first, 1);
  else if (!isOperand(tokens[first])) throw new FilterError('`in` needs a list on its right.');
  if (isOperand(tokens[first]) && tokens[last + 1]?.text === '(') last = matching(tokens, last + 1, 1);
  return [first, last];
}

/** Rewrites one filter expression (the text inside `?( … )`) for the safe evaluator. */
export function rewriteExpression(expr: string): string {
  const tokens = tokenize(expr);
  for (let i = 0; i < tokens.length; i++) {
    const word = tokens[i]?.text;
    if (tokens[i]?.kind !== 'name' || (word !== 'in' && word !== 'nin')) continue;
    const [lhsFirst, lhsLast] = operandBefore(tokens, i);
    const [rhsFirst, rhsLast] = operandAfter(tokens, i);
    const text = (from: number, to: number) =>
      tokens
        .slice(from, to + 1)
        .map((t) => t.text)
        .join('');
    const call = `${word === 'nin' ? '!' : ''}${IN_HELPER}(${text(lhsFirst, lhsLast)}, ${text(rhsFirst, rhsLast)})`;
    tokens.splice(lhsFirst, rhsLast - lhsFirst + 1, { kind: 'path', text: call });
    i = lhsFirst;
  }
  return tokens.map((t) => t.text).join('');
}

/** Sandbox helper: `value in list`, by value (strings, numbers, booleans, null). */
export function inHelper(value: unknown, list: unknown): boolean {
  return Array.isArray(list) && list.some((item) => item === value);
}

/** Sandbox helper: every value a path with wildcards reaches, flattened at each `*`. */
export function eachHelper(base: unknown, ...segments: (string | number)[]): unknown[] {
  let values: unknown[] = [base];
  for (const segment of segments) {
    const next: unknown[] = [];
    for (const value of values) {
      if (value === null || typeof value !== 'object') continue;
      if (segment === '*') next.push(...(Object.values(value) as unknown[]));
      else if (Object.hasOwn(value, segment)) next.push((value as Record<string | number, unknown>)[segment]);
    }
    values = next;
  }
  return values;
}
