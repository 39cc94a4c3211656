import type { BatchItemError } from '../../../contracts/oss';
import { HttpError, ossError } from '../../http/errors';

/** At most this many objects per batch request (the OpenAPI says so of batchcompleteupload; we hold all three to it). */
export const MAX_BATCH_REQUESTS = 25;

export type BatchItem = Record<string, unknown> & { objectKey: string };

/**
 * `{requests: [...]}`: 1 to 25 objects, each with an `objectKey` string, no key twice (the results
 * are a map by key). The request's shape is checked here, for 400; each item's own values are
 * checked later, so one bad item fails alone. Fields an item has beyond the documented ones are
 * ignored, as OSS ignores them: older clients send names of their own in each item.
 */
export function parseBatch(raw: Record<string, unknown>): BatchItem[] {
  const extra = Object.keys(raw).filter((name) => name !== 'requests');
  if (extra.length)
    throw ossError(
      400,
      `Unknown field in the body: ${extra
        .slice(0, 5)
        .map((name) => JSON.stringify(name.slice(0, 40)))
        .join(', ')}.`,
    );
  const { requests } = raw;
  if (!Array.isArray(requests) || requests.length === 0 || requests.length > MAX_BATCH_REQUESTS) {
    throw ossError(400, `requests must be an array of 1 to ${MAX_BATCH_REQUESTS} objects.`);
  }
  const seen = new Set<string>();
  return requests.map((item: unknown, index) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item))
      throw ossError(400, `requests[${index}] must be an object.`);
    const { objectKey } = item as Record<string, unknown>;
    if (typeof objectKey !== 'string') throw ossError(400, `requests[${index}].objectKey must be a string.`);
    if (seen.has(objectKey))
      throw ossError(400, `requests[${index}] repeats an objectKey: each object may appear once.`);
    seen.add(objectKey);
    return item as BatchItem;
  });
}

/** An optional whole number within [min, max] of an item. */
export function itemInt(item: BatchItem, name: string, min: number, max: number, fallback: number): number {
  const value = item[name];
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
    throw ossError(400, `${name} must be a whole number from ${min} to ${max}.`);
  return value;
}

/** An optional string of an item, bounded. */
export function itemText(item: BatchItem, name: string, maxLength = 1024): string | undefined {
  const value = item[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.length > maxLength)
    throw ossError(400, `${name} must be a string of at most ${maxLength} characters.`);
  return value;
}

/**
 * Runs `work` for each item, in order: an item the service refuses (an HttpError) gets
 * `{status: 'error', reason}` in its place; anything else fails the whole request.
 */
export async function perItem<T>(
  items: readonly BatchItem[],
  work: (item: BatchItem) => Promise<T>,
  failed: (item: BatchItem, error: BatchItemError) => Promise<T> | T = (_item, error) => error as T,
): Promise<Record<string, T>> {
  const results: [string, T][] = [];
  for (const item of items) {
    try {
      results.push([item.objectKey, await work(item)]);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      const reason =
        typeof error.body === 'object' && 'reason' in error.body ? String(error.body.reason) : error.message;
      results.push([item.objectKey, await failed(item, { status: 'error', reason })]);
    }
  }
  // fromEntries makes own properties even of keys such as "__proto__".
  return Object.fromEntries(results);
}
