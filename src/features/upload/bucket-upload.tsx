import { useSearchParams } from 'react-router-dom';
import { showToast } from '../../components/ui/toast-store';
import { useUploadRunner } from './runner-context';
import { UploadButton } from './upload-button';

let counter = 0;

/**
 * "Upload" on a bucket's page: the same upload runner, into the bucket, each object keyed by the file's name
 * after the prefix the listing is filtered by (so uploading while looking at `models/` lands there).
 * An existing key is replaced, as OSS does.
 */
export function BucketUploadButton({ bucketKey }: { bucketKey: string }) {
  const loadRunner = useUploadRunner();
  const prefix = useSearchParams()[0].get('prefix') ?? '';
  return (
    <UploadButton
      label="Upload objects"
      onFiles={(files) => {
        const uploads = files.map((file) => ({
          id: `object-${Date.now().toString(36)}-${(counter++).toString(36)}`,
          name: `${prefix}${file.name}`,
          size: file.size,
          target: { kind: 'bucket' as const, bucketKey },
        }));
        loadRunner()
          .then((runner) => runner.filesDropped(uploads, files))
          .catch((error: unknown) =>
            showToast({
              tone: 'error',
              title: 'Could not start the upload',
              message: error instanceof Error ? error.message : String(error),
            }),
          );
      }}
    />
  );
}
