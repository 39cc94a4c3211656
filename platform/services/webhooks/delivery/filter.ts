import { JSONPath } from 'jsonpath-plus';
import { EACH_HELPER, FilterError, IN_HELPER, eachHelper, inHelper, rewriteExpression } from './filter-syntax';

export { FilterError } from './filter-syntax';

/**
 * A hook's `filter`: a JsonPath expression (or a list of them, all of which must match) run against
 * the event's payload. As in the cloud, a filter reads the payload as the one element of an array,
 * so `$[?(@.ext=='rvt')]` matches when the payload's `ext` is `rvt`; any non-empty result matches.
 * Evaluation runs in jsonpath-plus's safe mode (its own interpreter, never `eval`).
 */
export type PayloadFilter = (payload: unknown) => boolean;

const sandbox = { [IN_HELPER]: inHelper, [EACH_HELPER]: eachHelper };

function evaluate(path: string, json: unknown): unknown[] {
  const found: unknown = JSONPath({
    path,
    json: json as object,
    eval: 'safe',
    ignoreEvalErrors: true,
    wrap: true,
    sandbox,
  });
  return Array.isArray(found) ? found : [];
}

/** End of the quoted string at `at`, or -1. */
function skipQuoted(text: string, at: number): number {
  for (let i = at + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === text[at]) return i;
  }
  return -1;
}

/**
 * Checks the path's brackets pair up (jsonpath-plus reads an unclosed one without complaint) and
 * rewrites each `?( … )` expression; returns the path to run and the expressions it holds.
 */
function preparePath(path: string): { path: string; expressions: string[] } {
  const closers: string[] = [];
  const expressions: string[] = [];
  let out = '';
  for (let i = 0; i < path.length; i++) {
    const c = path[i] ?? '';
    if (c === "'" || c === '"') {
      const end = skipQuoted(path, i);
      if (end < 0) throw new FilterError('A quoted string in it is never closed.');
      out += path.slice(i, end + 1);
      i = end;
    } else if (c === '?' && path[i + 1] === '(') {
      const end = closingParen(path, i + 1);
      const expression = rewriteExpression(path.slice(i + 2, end));
      expressions.push(expression);
      out += `?(${expression})`;
      i = end;
    } else {
      if (c === '[' || c === '(') closers.push(c === '[' ? ']' : ')');
      else if ((c === ']' || c === ')') && closers.pop() !== c)
        throw new FilterError(`The ${c} at ${i + 1} closes nothing.`);
      out += c;
    }
  }
  if (closers.length > 0) throw new FilterError(`It ends before the closing ${closers.reverse().join(' ')}.`);
  return { path: out, expressions };
}

function closingParen(path: string, open: number): number {
  let depth = 0;
  for (let i = open; i < path.length; i++) {
    const c = path[i];
    if (c === "'" || c === '"') {
      i = skipQuoted(path, i);
      if (i < 0) break;
    } else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i;
  }
  throw new FilterError('Its filter expression ?( … ) is never closed.');
}

function compileOne(filter: string): PayloadFilter {
  const text = filter.trim();
  if (!text.startsWith('$'))
    throw new FilterError(`The filter ${JSON.stringify(filter)} is not a JsonPath expression: it must start with $.`);
  try {
    const { path, expressions } = preparePath(text);
    // The library parses an expression only when it first runs it: run each one now, on an empty
    // object, so a filter that cannot parse is refused when the hook is saved, not at delivery.
    for (const expression of expressions) evaluate(`$[?(${expression})]`, [{}]);
    evaluate(path, [{}]);
    return (payload) => evaluate(path, [payload]).length > 0;
  } catch (error) {
    const why = error instanceof Error ? error.message.replace(/^jsonPath: /, '') : String(error);
    throw new FilterError(`The filter ${JSON.stringify(filter)} cannot be read: ${why}`);
  }
}

/** Compiles a hook's filter; throws FilterError, with words, for one that cannot be read. */
export function compileFilter(filter: string | string[]): PayloadFilter {
  const filters = Array.isArray(filter) ? filter : [filter];
  if (filters.length === 0) throw new FilterError('A list of filters must hold at least one.');
  const compiled = filters.map((one) => {
    if (typeof one !== 'string') throw new FilterError('Each filter must be a JsonPath string.');
    return compileOne(one);
  });
  return (payload) => compiled.every((matches) => matches(payload));
}
