import { PartError, type PartSender } from './signed-upload';

/** A refused part in words; the status stays in the message for whoever reports the problem. */
function refusal(status: number): string {
  if (status === 403) return 'The storage refused a part: its signed address expired or is not valid (403).';
  if (status === 413) return 'The storage refused a part as too large (413).';
  if (status >= 500) return `The storage failed while taking a part (${status}).`;
  return `The storage refused a part (${status}).`;
}

/**
 * PUTs a part with XMLHttpRequest rather than fetch: only XHR reports upload progress, and a Blob
 * body is streamed from disk by the browser, never copied into the page's memory.
 */
export const xhrPartSender: PartSender = (url, body, signal, onProgress) =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    xhr.open('PUT', url);
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    xhr.onload = () => {
      signal.removeEventListener('abort', onAbort);
      if (xhr.status >= 200 && xhr.status < 300) resolve();
      else reject(new PartError(xhr.status, refusal(xhr.status)));
    };
    xhr.onerror = () => {
      signal.removeEventListener('abort', onAbort);
      reject(new PartError(0, 'The network failed while sending a part.'));
    };
    xhr.onabort = () => {
      signal.removeEventListener('abort', onAbort);
      reject(signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError'));
    };
    if (signal.aborted)
      return reject(signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError'));
    signal.addEventListener('abort', onAbort, { once: true });
    xhr.send(body);
  });
