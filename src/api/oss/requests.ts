import { parseObjectUrn, type SignedS3DownloadResponse } from '../../../contracts/oss';
import { requestJson } from '../http';

const objectPath = (bucketKey: string, objectKey: string) =>
  `/oss/v2/buckets/${encodeURIComponent(bucketKey)}/objects/${encodeURIComponent(objectKey)}`;

export interface SignedDownloadOptions {
  /** Sent as `response-content-disposition`, so the browser saves the file under this name. */
  fileName?: string;
  minutesExpiration?: number;
}

/** `GET …/objects/{objectKey}/signeds3download`: a short-lived URL that serves the object's bytes. */
export function getSignedDownload(bucketKey: string, objectKey: string, options: SignedDownloadOptions, signal: AbortSignal): Promise<SignedS3DownloadResponse> {
  return requestJson<SignedS3DownloadResponse>(`${objectPath(bucketKey, objectKey)}/signeds3download`, {
    signal,
    query: {
      minutesExpiration: options.minutesExpiration,
      'response-content-disposition': options.fileName ? attachment(options.fileName) : undefined,
    },
  });
}

/** The same, from a storage object id (`urn:adsk.objects:os.object:{bucket}:{object}`, or `…/{object}`). */
export function getSignedDownloadForUrn(objectId: string, options: SignedDownloadOptions, signal: AbortSignal): Promise<SignedS3DownloadResponse> {
  const parsed = parseObjectUrn(objectId);
  if (!parsed) return Promise.reject(new Error(`"${objectId}" is not an OSS object id.`));
  return getSignedDownload(parsed.bucketKey, parsed.objectKey, options, signal);
}

/** RFC 6266: a plain ASCII fallback for old clients and the exact name in UTF-8 for the rest. */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
