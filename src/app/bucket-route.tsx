import { BucketPage } from '../features/buckets/bucket-page';
import { BucketUploadButton } from '../features/upload/bucket-upload';

/** The bucket page with object uploads plugged in: the buckets and upload features meet here. */
const uploadAction = (bucketKey: string) => <BucketUploadButton bucketKey={bucketKey} />;

export function BucketRoute() {
  return <BucketPage uploadAction={uploadAction} />;
}
