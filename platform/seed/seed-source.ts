import { EVENT_ID, getScalarValue, load, parseEvents, YAMLException, type Event } from 'js-yaml';

/** One thing wrong with a seed: where in the file (`hubs[0].projects[1].name`) and what. */
export interface SeedProblem {
  path: string;
  message: string;
}

/** A seed that cannot be applied, with every problem found; nothing of it was applied. */
export class SeedError extends Error {
  constructor(
    readonly problems: readonly string[],
    file: string,
  ) {
    super(
      `${file}: the seed was not applied (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n${problems.map((line) => `  ${line}`).join('\n')}`,
    );
    this.name = 'SeedError';
  }
}

/** `hubs` + 0 → `hubs[0]`; `hubs[0]` + `name` → `hubs[0].name`. */
export const childPath = (parent: string, key: PropertyKey): string =>
  typeof key === 'number' ? `${parent}[${key}]` : parent ? `${parent}.${String(key)}` : String(key);

export interface SeedText {
  data: unknown;
  /** The 1-based line of `path`, or of its nearest ancestor the file has (a missing field: its object's line). */
  lineOf: (path: string) => number | undefined;
}

/**
 * Parses a seed in YAML or JSON (JSON is YAML 1.2). js-yaml's values carry no positions, so the
 * parser's event stream, which does, is walked once to map each value's path to its offset.
 */
export function parseSeedText(text: string, fileName: string): SeedText {
  let data: unknown;
  try {
    data = load(text, { filename: fileName });
  } catch (error) {
    if (!(error instanceof YAMLException)) throw error;
    const line = error.mark ? `:${error.mark.line + 1}` : '';
    throw new SeedError([`${fileName}${line}: not valid YAML or JSON: ${error.reason}`], fileName);
  }
  const offsets = valueOffsets(parseEvents(text, { filename: fileName }), text);
  const lineStarts = [0];
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) lineStarts.push(at + 1);
  const lineAt = (offset: number) => {
    let line = 0;
    while (line + 1 < lineStarts.length && lineStarts[line + 1]! <= offset) line++;
    return line + 1;
  };
  return {
    data,
    lineOf: (path) => {
      for (let at: string | undefined = path; at !== undefined; at = parentOf(at)) {
        const offset = offsets.get(at);
        if (offset !== undefined) return lineAt(offset);
      }
      return undefined;
    },
  };
}

const parentOf = (path: string): string | undefined => {
  if (!path) return undefined;
  const cut = Math.max(path.lastIndexOf('.'), path.lastIndexOf('['));
  return cut <= 0 ? '' : path.slice(0, cut);
};

/** Each value's path → its offset; a mapping's value is placed at its key, the line a reader looks for. */
function valueOffsets(events: readonly Event[], source: string): Map<string, number> {
  const offsets = new Map<string, number>();
  let next = events[0]?.type === EVENT_ID.DOCUMENT ? 1 : 0;
  const place = (path: string, offset: number) => {
    if (!offsets.has(path)) offsets.set(path, offset);
  };
  const visit = (path: string) => {
    const event = events[next++];
    if (!event) return;
    if (event.type === EVENT_ID.SCALAR) place(path, event.valueStart);
    if (event.type === EVENT_ID.SEQUENCE) {
      place(path, event.start);
      for (let index = 0; events[next] && events[next]!.type !== EVENT_ID.POP; index++) visit(childPath(path, index));
      next++;
    }
    if (event.type === EVENT_ID.MAPPING) {
      place(path, event.start);
      while (events[next] && events[next]!.type !== EVENT_ID.POP) {
        const key = events[next]!;
        const name = key.type === EVENT_ID.SCALAR ? getScalarValue(source, key) : undefined;
        if (name !== undefined && key.type === EVENT_ID.SCALAR) place(childPath(path, name), key.valueStart);
        visit('\u0000key'); // the key itself: consumed, not recorded under a real path
        visit(name === undefined ? '\u0000value' : childPath(path, name));
      }
      next++;
    }
  };
  visit('');
  return offsets;
}
