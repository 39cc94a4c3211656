import { queryOptions } from '@tanstack/react-query';
import { getBucketDetails, getBuckets, getObjects } from './requests';

/**
 * OSS query keys, from generic to specific: `['oss']` reaches everything, `bucketScope` everything of
 * one bucket (its details and every page of every listing of its objects).
 */

export const BUCKETS_PAGE_SIZE = 50;
export const OBJECTS_PAGE_SIZE = 100;

export interface ObjectsPageRef {
  bucketKey: string;
  beginsWith: string;
  startAt?: string;
}

export const ossQueries = {
  all: () => ['oss'] as const,
  /** Every page of the bucket list. */
  bucketsScope: () => [...ossQueries.all(), 'buckets'] as const,
  buckets: (startAt?: string) =>
    queryOptions({
      queryKey: [...ossQueries.bucketsScope(), { startAt }] as const,
      queryFn: ({ signal }) => getBuckets({ limit: BUCKETS_PAGE_SIZE, startAt }, signal),
    }),
  bucketScope: (bucketKey: string) => [...ossQueries.all(), 'bucket', { bucketKey }] as const,
  bucketDetails: (bucketKey: string) =>
    queryOptions({
      queryKey: [...ossQueries.bucketScope(bucketKey), 'details'] as const,
      queryFn: ({ signal }) => getBucketDetails(bucketKey, signal),
    }),
  /** Every page and prefix of one bucket's objects. */
  objectsScope: (bucketKey: string) => [...ossQueries.bucketScope(bucketKey), 'objects'] as const,
  objects: ({ bucketKey, beginsWith, startAt }: ObjectsPageRef) =>
    queryOptions({
      queryKey: [...ossQueries.objectsScope(bucketKey), { beginsWith, startAt }] as const,
      queryFn: ({ signal }) => getObjects(bucketKey, { limit: OBJECTS_PAGE_SIZE, beginsWith, startAt }, signal),
    }),
};
