import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import { VERSION_TYPE } from '../../contracts/data-management';
import { objectUrn } from '../../contracts/oss';
import type { Clock } from '../config';
import { newObjectRecord } from '../services/oss/objects';
import type { BlobStore } from '../storage/blobs/blob-store';
import type { NewVersion } from '../storage/repos/dm-items';
import type { Stores } from '../storage/stores';

export interface SeedContext {
  stores: Stores;
  blobs: BlobStore;
  clock: Clock;
}

const TYPES: Record<string, string> = {
  ifc: 'application/x-step',
  obj: 'model/obj',
  stl: 'model/stl',
  txt: 'text/plain',
  csv: 'text/csv',
};

/** Stores bytes as a project file the way the four-step upload would, and returns the version to create. */
export async function storeProjectFile(
  ctx: SeedContext,
  projectId: string,
  name: string,
  bytes: Uint8Array,
  comment: string | null = null,
): Promise<NewVersion> {
  const now = ctx.clock.now();
  const bucketKey = await ctx.stores.storage.ensureProjectBucket(projectId, now);
  const bucket = await ctx.stores.oss.findBucket(bucketKey);
  if (!bucket) throw new Error(`the bucket of project ${projectId} is missing`);
  const fileType = path.extname(name).slice(1).toLowerCase();
  const objectKey = `${randomUUID()}.${fileType}`;
  const written = await ctx.blobs.write(Readable.from([bytes]), {
    maxBytes: bytes.length,
    expectedBytes: bytes.length,
  });
  const contentType = TYPES[fileType] ?? 'application/octet-stream';
  await ctx.stores.oss.putObject(
    newObjectRecord(
      bucket,
      objectKey,
      written,
      {
        contentType,
        contentDisposition: undefined,
        contentEncoding: undefined,
        cacheControl: undefined,
        userMetadata: undefined,
      },
      now,
    ),
    [{ blobId: written.id, size: written.size }],
  );
  const storageUrn = objectUrn(bucketKey, objectKey);
  await ctx.stores.storage.reserve({
    objectId: storageUrn,
    projectId,
    bucketKey,
    objectKey,
    createdBy: 'DDMPLATFORM0',
    createdAt: now,
  });
  return {
    name,
    extensionType: VERSION_TYPE,
    storageUrn,
    storageSize: written.size,
    mimeType: contentType,
    fileType,
    comment,
  };
}
