import type { InspectedRequest, InspectedRequestFilters } from '../../contracts/request-inspector';

export interface RecorderLimits {
  /** Requests kept at most. */
  maxEntries: number;
  /** Their estimated memory at most; the oldest go first. */
  maxBytes: number;
  /** Body text kept per body at most. */
  maxBodyBytes: number;
}

export const DEFAULT_LIMITS: RecorderLimits = { maxEntries: 1_000, maxBytes: 8 * 1024 * 1024, maxBodyBytes: 16 * 1024 };

export type NewRecord = Omit<InspectedRequest, 'id'>;

export interface Recorder {
  readonly limits: RecorderLimits;
  record(entry: NewRecord): InspectedRequest;
  list(filters?: InspectedRequestFilters): InspectedRequest[];
  get(idOrRequestId: string): InspectedRequest | undefined;
  latestId(): number;
  /** The newest id the last `clear()` dropped; 0 before any. */
  clearedThrough(): number;
  clear(): void;
  usage(): { entries: number; bytes: number };
}

// Per entry, beside its strings: the objects, numbers and the map slot.
const ENTRY_OVERHEAD = 512;

/** V8 keeps a string in one or two bytes a character: counting two never underestimates. */
function estimatedBytes(entry: InspectedRequest): number {
  let chars = entry.url.length + entry.path.length + entry.requestId.length;
  for (const part of [entry.request, entry.response]) {
    for (const header of part.headers) chars += header.name.length + header.value.length + 16;
    chars += (part.body.text?.length ?? 0) + (part.body.contentType?.length ?? 0);
  }
  chars += (entry.app?.length ?? 0) + (entry.user?.length ?? 0);
  return ENTRY_OVERHEAD + chars * 2;
}

function statusMatches(status: number, wanted: string): boolean {
  const spec = wanted.trim().toLowerCase();
  if (/^[1-5]xx$/.test(spec)) return Math.floor(status / 100) === Number(spec[0]);
  return String(status) === spec;
}

function sinceMatches(entry: InspectedRequest, since: string): boolean {
  if (/^\d+$/.test(since)) return entry.id > Number(since);
  const time = Date.parse(since);
  return Number.isNaN(time) || Date.parse(entry.startedAt) > time;
}

export function matchesFilters(entry: InspectedRequest, filters: InspectedRequestFilters): boolean {
  return (
    (!filters.service || entry.service === filters.service) &&
    (!filters.status || statusMatches(entry.status, filters.status)) &&
    (!filters.app || entry.app === filters.app) &&
    (!filters.since || sinceMatches(entry, filters.since))
  );
}

/**
 * The last requests, in memory, within both a count and a byte budget. Ids keep increasing across
 * `clear()`, so a client polling with `since` never takes an old request for a new one.
 */
export function createRecorder(limits: Partial<RecorderLimits> = {}): Recorder {
  const resolved: RecorderLimits = { ...DEFAULT_LIMITS, ...limits };
  const entries = new Map<number, { entry: InspectedRequest; bytes: number }>();
  const byRequestId = new Map<string, number>();
  let bytes = 0;
  let nextId = 1;
  let clearedThrough = 0;

  const evictOldest = () => {
    const [id, oldest] = entries.entries().next().value as [number, { entry: InspectedRequest; bytes: number }];
    entries.delete(id);
    byRequestId.delete(oldest.entry.requestId);
    bytes -= oldest.bytes;
  };

  return {
    limits: resolved,
    record(record) {
      const entry: InspectedRequest = { id: nextId++, ...record };
      const size = estimatedBytes(entry);
      // One request larger than the whole budget is not kept, rather than emptying the log for it.
      if (size > resolved.maxBytes) return entry;
      while (entries.size > 0 && (entries.size >= resolved.maxEntries || bytes + size > resolved.maxBytes))
        evictOldest();
      entries.set(entry.id, { entry, bytes: size });
      byRequestId.set(entry.requestId, entry.id);
      bytes += size;
      return entry;
    },
    list(filters = {}) {
      const limit = filters.limit ?? Infinity;
      const found: InspectedRequest[] = [];
      for (const { entry } of [...entries.values()].reverse()) {
        if (found.length >= limit) break;
        if (matchesFilters(entry, filters)) found.push(entry);
      }
      return found;
    },
    get(idOrRequestId) {
      const id = /^\d+$/.test(idOrRequestId) ? Number(idOrRequestId) : byRequestId.get(idOrRequestId);
      return id === undefined ? undefined : entries.get(id)?.entry;
    },
    latestId: () => nextId - 1,
    clearedThrough: () => clearedThrough,
    clear() {
      entries.clear();
      byRequestId.clear();
      bytes = 0;
      clearedThrough = nextId - 1;
    },
    usage: () => ({ entries: entries.size, bytes }),
  };
}
