import { answerWithBytes } from './compression';
import { jsonBytes } from './json-answer';

/** Data Management answers in JSON:API's own media type, encoded once (a folder page of 200 items is a megabyte). */
export const encodeJsonApi = (document: object): Uint8Array<ArrayBuffer> => jsonBytes(document);

/** An answer of bytes already encoded (a remembered page). */
export function jsonApiAnswer(bytes: Uint8Array<ArrayBuffer>, status = 200): Response {
  return answerWithBytes(bytes, { status, headers: { 'Content-Type': 'application/vnd.api+json; charset=utf-8' } });
}

export function jsonApiResponse(document: object, status = 200): Response {
  return jsonApiAnswer(encodeJsonApi(document), status);
}
