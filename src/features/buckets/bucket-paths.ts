/** Where the buckets pages live, so links and routes agree. */
export const BUCKETS_PATH = '/buckets';
export const BUCKET_PATTERN = '/buckets/:bucketKey';

export const bucketPath = (bucketKey: string) => `${BUCKETS_PATH}/${encodeURIComponent(bucketKey)}`;
