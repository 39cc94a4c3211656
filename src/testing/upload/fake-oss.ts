import type { SignedS3UploadResponse } from '../../../contracts/oss';
import { ApiError } from '../../api/http';
import { PartError, type PartSender, type SignRequest } from '../../features/upload/signed-upload';

/**
 * An in-memory stand-in for the platform's signed upload, for engine unit tests only (the e2e tests
 * use the real platform): it keeps each upload's parts, signs URLs that name upload and part, and can
 * fail chosen attempts.
 */
// jsdom's Blob has no text(); FileReader it has.
const readText = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(blob);
  });

export const apiError = (status: number) =>
  new ApiError({
    status,
    message: `failed with ${status}`,
    code: null,
    requestId: null,
    body: '',
    method: 'POST',
    url: 'https://oss.test/',
  });

export function fakeOss(now: () => number) {
  const uploads = new Map<string, Map<number, string>>();
  const signs: SignRequest[] = [];
  const sent: number[] = [];
  let nextKey = 1;
  /** Part number → how many of its next PUTs fail, and with what status. */
  const failures = new Map<number, { times: number; status: number }>();

  const sign = (request: SignRequest): Promise<SignedS3UploadResponse> => {
    signs.push(request);
    let key = request.uploadKey;
    if (key && !uploads.has(key)) return Promise.reject(apiError(400));
    if (!key) {
      key = `key-${nextKey++}`;
      uploads.set(key, new Map());
    }
    const urls = Array.from(
      { length: request.parts },
      (_, index) => `https://oss.test/${key}/${request.firstPart + index}`,
    );
    return Promise.resolve({
      uploadKey: key,
      urls,
      urlExpiration: new Date(now() + 60 * 60_000).toISOString(),
      uploadExpiration: new Date(now() + 86_400_000).toISOString(),
    });
  };

  const sendPart: PartSender = async (url, body, signal, onProgress) => {
    const [key, part] = url.replace('https://oss.test/', '').split('/') as [string, string];
    const partNumber = Number(part);
    const failure = failures.get(partNumber);
    if (failure && failure.times > 0) {
      failure.times -= 1;
      onProgress(Math.floor(body.size / 2));
      throw new PartError(failure.status, 'fails on purpose');
    }
    if (signal.aborted) throw new DOMException('Aborted', 'AbortError');
    onProgress(body.size);
    uploads.get(key)?.set(partNumber, await readText(body));
    sent.push(partNumber);
  };

  return {
    sign,
    sendPart,
    signs,
    sent,
    uploads,
    failPart: (partNumber: number, times: number, status = 0) => failures.set(partNumber, { times, status }),
    /** The bytes of an upload's parts in order, as the complete step would assemble them. */
    assembled: (key: string) =>
      [...(uploads.get(key)?.entries() ?? [])]
        .sort(([a], [b]) => a - b)
        .map(([, text]) => text)
        .join(''),
  };
}
