import { mutationOptions } from '@tanstack/react-query';
import type { CompleteS3UploadBody, CreateBucketPayload } from '../../../contracts/oss';
import { ossQueries } from './queries';
import { completeSignedUpload, createBucket, deleteBucket, deleteObject } from './requests';

/**
 * OSS writes. Each names, in `meta.invalidates`, the keys its success makes stale; the one
 * MutationCache handler in src/app does the invalidating.
 */

// Writes are not cancelled from the outside: once the person asked, the request goes through.
const unstoppable = () => new AbortController().signal;

export const ossMutations = {
  /** A new bucket; a taken key fails with a 409. */
  createBucket: () =>
    mutationOptions({
      mutationKey: [...ossQueries.all(), 'create-bucket'] as const,
      mutationFn: (payload: CreateBucketPayload) => createBucket(payload, unstoppable()),
      meta: { invalidates: [ossQueries.bucketsScope()] },
    }),
  deleteBucket: (bucketKey: string) =>
    mutationOptions({
      mutationKey: [...ossQueries.all(), 'delete-bucket', { bucketKey }] as const,
      mutationFn: () => deleteBucket(bucketKey, unstoppable()),
      // The bucket's own reads are dropped: refetched, they would only say "Bucket not found" on the next page.
      meta: { invalidates: [ossQueries.bucketsScope()], removes: [ossQueries.bucketScope(bucketKey)] },
    }),
  /** Deletes one object of `bucketKey`; the variable is its key. */
  deleteObject: (bucketKey: string) =>
    mutationOptions({
      mutationKey: [...ossQueries.all(), 'delete-object', { bucketKey }] as const,
      mutationFn: (objectKey: string) => deleteObject(bucketKey, objectKey, unstoppable()),
      meta: { invalidates: [ossQueries.objectsScope(bucketKey)] },
    }),
  /** The last step of an object upload: the parts become the object `objectKey`, and the listings show it. */
  completeUpload: (bucketKey: string) =>
    mutationOptions({
      mutationKey: [...ossQueries.all(), 'complete-upload', { bucketKey }] as const,
      mutationFn: ({
        objectKey,
        body,
        signal,
      }: {
        objectKey: string;
        body: CompleteS3UploadBody;
        signal: AbortSignal;
      }) => completeSignedUpload(bucketKey, objectKey, body, signal),
      meta: { invalidates: [ossQueries.objectsScope(bucketKey)] },
    }),
};
