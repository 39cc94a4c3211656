import type { BlobStore } from '../../storage/blobs/blob-store';
import type { PropertyDatabase } from '../../translation/properties-db';

const CAPACITY = 8;

/**
 * Parsed property databases by blob id. A blob never changes, so entries never go stale; a small
 * LRU keeps the few models people are looking at without holding every one in memory.
 */
export class PropertyCache {
  private readonly entries = new Map<string, Promise<PropertyDatabase>>();

  constructor(private readonly blobs: BlobStore) {}

  load(blobId: string, size: number): Promise<PropertyDatabase> {
    const cached = this.entries.get(blobId);
    if (cached) {
      this.entries.delete(blobId);
      this.entries.set(blobId, cached);
      return cached;
    }
    const loading = this.read(blobId, size);
    this.entries.set(blobId, loading);
    loading.catch(() => this.entries.delete(blobId));
    while (this.entries.size > CAPACITY) this.entries.delete(this.entries.keys().next().value as string);
    return loading;
  }

  private async read(blobId: string, size: number): Promise<PropertyDatabase> {
    const chunks: Uint8Array[] = [];
    if (size > 0) for await (const chunk of this.blobs.read(blobId, 0, size - 1)) chunks.push(chunk);
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as PropertyDatabase;
  }
}
