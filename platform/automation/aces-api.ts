/**
 * `!ACESAPI:acesHttpOperation(name,suffix,headers,data,responseFile)`: the line a Design Automation
 * program prints to call one of its workitem's URLs while it runs (`onProgress`, `ondemand` inputs).
 * Programs write it both bare (`(onProgress,null,null,{"a":1},null)`, Autodesk's samples) and with
 * quoted fields (`("onProgress","","","{\"a\":1}","")`); both are read. The data field may hold commas.
 */
export interface AcesOperation {
  name: string;
  suffix: string;
  /** From `key1:value1;key2:value2`. */
  headers: Record<string, string>;
  data: string;
  /** Relative to the job folder, without its `file://`; empty when none. */
  responseFile: string;
}

const MARK = '!ACESAPI:acesHttpOperation(';

function unquote(field: string): string {
  const trimmed = field.trim();
  if (trimmed === 'null') return '';
  if (trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      if (typeof parsed === 'string') return parsed;
    } catch {
      // A quoted field with unescaped quotes inside: its outer quotes are the only ones that go.
    }
    return trimmed.slice(1, -1);
  }
  return trimmed;
}

/** The end of the field starting at `from`: a quoted field ends after its closing quote. */
function fieldEnd(text: string, from: number): number {
  let i = from;
  while (text[i] === ' ') i++;
  if (text[i] === '"') {
    for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
    i++;
  }
  const comma = text.indexOf(',', i);
  return comma < 0 ? text.length : comma;
}

function parseHeaders(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const pair of text.split(';')) {
    const colon = pair.indexOf(':');
    if (colon > 0) headers[pair.slice(0, colon).trim()] = pair.slice(colon + 1).trim();
  }
  return headers;
}

export function parseAcesLine(line: string): AcesOperation | undefined {
  const start = line.indexOf(MARK);
  const end = line.lastIndexOf(')');
  if (start < 0 || end < start + MARK.length) return undefined;
  const inner = line.slice(start + MARK.length, end);
  const fields: string[] = [];
  let at = 0;
  for (let n = 0; n < 3; n++) {
    const stop = fieldEnd(inner, at);
    fields.push(inner.slice(at, stop));
    at = stop + 1;
  }
  const lastComma = inner.lastIndexOf(',');
  if (lastComma < at) return undefined;
  const [name, suffix, headers] = fields.map(unquote) as [string, string, string];
  if (!name) return undefined;
  const responseFile = unquote(inner.slice(lastComma + 1)).replace(/^file:\/\//, '');
  return { name, suffix, headers: parseHeaders(headers), data: unquote(inner.slice(at, lastComma)), responseFile };
}

/** What an `onProgress` operation posts: its data as JSON when it is JSON, else as text. */
export function progressBody(operation: AcesOperation): unknown {
  try {
    return JSON.parse(operation.data);
  } catch {
    return operation.data;
  }
}
