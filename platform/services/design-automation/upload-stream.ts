import { Busboy } from '@fastify/busboy';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';

/** The form was not multipart, or ended without a `file` part. */
export class MalformedFormError extends Error {}

/**
 * Streams an S3-style browser form: the fields before the `file` part are collected (names lower
 * case, the first of each kept), then `onFile` gets them with the file's bytes as a stream. Fields
 * after the file are ignored, as S3 ignores them. Settles as soon as `onFile` does, so a refusal is
 * answered without reading the rest of the body.
 */
export function readUploadForm<T>(
  body: ReadableStream<Uint8Array> | null,
  contentType: string,
  onFile: (fields: Record<string, string>, file: Readable) => Promise<T>,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (!body) {
      reject(new MalformedFormError('The request has no body.'));
      return;
    }
    let parser: ReturnType<typeof Busboy>;
    try {
      parser = Busboy({
        headers: { 'content-type': contentType },
        limits: { fields: 50, fieldSize: 64 * 1024, fieldNameSize: 200, files: 1, parts: 60 },
      });
    } catch (error) {
      reject(new MalformedFormError((error as Error).message));
      return;
    }
    const fields: Record<string, string> = {};
    let started = false;
    // One class, but two types where a dependency's declarations widen the global ReadableStream (the
    // whole platform's type check); lint, which reads fewer declarations, sees one.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
    const source = Readable.fromWeb(body as WebReadableStream<Uint8Array>);
    parser.on('field', (name, value) => {
      const key = name.toLowerCase();
      if (!started && !(key in fields)) fields[key] = value;
    });
    parser.on('file', (name, stream) => {
      if (started || name.toLowerCase() !== 'file') {
        stream.resume();
        return;
      }
      started = true;
      onFile(fields, stream).then(resolve, (error: unknown) => {
        stream.resume();
        source.destroy();
        reject(error instanceof Error ? error : new Error(String(error)));
      });
    });
    parser.on('error', (error: Error) => reject(new MalformedFormError(error.message)));
    parser.on('finish', () => {
      if (!started) reject(new MalformedFormError('The form has no file part: send every field, then file last.'));
    });
    source.on('error', (error) => parser.destroy(error));
    source.pipe(parser);
  });
}
