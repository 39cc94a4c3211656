import type { BlobBody } from './blob-store';

/** Chunks of either kind of body; leaving early cancels a web stream, so its source stops too. */
export async function* chunksOf(body: BlobBody): AsyncGenerator<Uint8Array> {
  if (!('getReader' in body)) {
    yield* body;
    return;
  }
  const reader = body.getReader();
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        finished = true;
        return;
      }
      yield value;
    }
  } finally {
    if (!finished) await reader.cancel().catch(() => undefined);
  }
}
