/** How many URLs one set of rows keeps pages for (the same page asked for under other hosts or extra parameters). */
const URLS_PER_ROWS = 4;

// An empty list is made afresh for every request (no rows were read), so only its emptiness counts.
const samePart = (kept: unknown, part: unknown) =>
  kept === part || (Array.isArray(kept) && Array.isArray(part) && kept.length === 0 && part.length === 0);

interface Kept {
  parts: readonly unknown[];
  byUrl: Map<string, Uint8Array<ArrayBuffer>>;
}

/**
 * A page's encoded answer, kept while the rows it was made from are. On the embedded database the read
 * memory hands out the very same frozen rows until a write to their tables, so the same rows and the
 * same URL make the same bytes, and building a 200-item folder page (its serialisers and a megabyte of
 * JSON, about 14 ms) is done once rather than for every request. Rows read afresh (a PostgreSQL
 * server, a transaction, an answer too large to keep) are new objects: nothing is ever found for them.
 */
export function pageMemory() {
  const kept = new WeakMap<object, Kept>();
  return {
    /** `parts`: what the page is made of, the first an array of rows (the key); `render` must depend on nothing else but `url`. */
    page(
      parts: readonly [object, ...unknown[]],
      url: string,
      render: () => Uint8Array<ArrayBuffer>,
    ): Uint8Array<ArrayBuffer> {
      const [key] = parts;
      let entry = kept.get(key);
      if (
        !entry ||
        entry.parts.length !== parts.length ||
        entry.parts.some((part, index) => !samePart(part, parts[index]))
      ) {
        entry = { parts, byUrl: new Map() };
        kept.set(key, entry);
      }
      const found = entry.byUrl.get(url);
      if (found) return found;
      const bytes = render();
      if (entry.byUrl.size >= URLS_PER_ROWS) entry.byUrl.clear();
      entry.byUrl.set(url, bytes);
      return bytes;
    },
  };
}
