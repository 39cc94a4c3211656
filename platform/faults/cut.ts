import type { ServerResponse } from 'node:http';

/** The reason the cut body fails with where no socket is at hand (`app.request()` tests). */
export class FaultCut extends Error {
  constructor(readonly bytes: number) {
    super(`The connection was cut by a fault rule after ${bytes} bytes of the body.`);
  }
}

const NO_BODY = new Set([101, 103, 204, 205, 304]);

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Closes the connection once the status line, headers and the body written so far have left. A
 * body that failed before its headers went out would be answered 500 instead, and a close with
 * bytes still queued would lose them: the client must see exactly the bytes before the cut.
 */
async function closeAfterWrites(outgoing: ServerResponse) {
  // @hono/node-server reads the first parts of a body before it writes the headers.
  while (!outgoing.headersSent && !outgoing.destroyed) await nextTurn();
  const socket = outgoing.socket;
  if (socket && !socket.destroyed)
    await new Promise<void>((resolve) => socket.write(new Uint8Array(0), () => resolve()));
  outgoing.destroy();
}

/**
 * The response with a body that passes `bytes` bytes, then stops, as a network that drops mid-download
 * does. With `outgoing` (the server's response under `@hono/node-server`) the connection is closed
 * there: the client sees a short body end with the socket (Node's client says ECONNRESET "aborted",
 * fetch "terminated"), and the server logs nothing, since no stream of its own failed. Without
 * `outgoing`, the body stream errors. Headers, Content-Length among them, go out unchanged.
 * A 200 without a body (a part PUT's) is cut too, after its headers: the work was done, the answer lost.
 * Only the statuses that may not carry a body (204, 304) are returned as they are.
 */
export function cutResponse(response: Response, bytes: number, outgoing?: ServerResponse): Response {
  if (!response.body && NO_BODY.has(response.status)) return response;
  const source =
    (response.body as ReadableStream<Uint8Array> | null) ?? new ReadableStream({ start: (c) => c.close() });
  const reader = source.getReader();
  let left = bytes;
  let stopped = () => undefined as void;
  const cut = async (controller: ReadableStreamDefaultController<Uint8Array>) => {
    await reader.cancel().catch(() => undefined);
    if (!outgoing) return controller.error(new FaultCut(bytes));
    // The server cancels this body when the connection closes; until then no part is left to read.
    const cancelled = new Promise<void>((resolve) => (stopped = resolve));
    await closeAfterWrites(outgoing);
    await cancelled;
  };
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (left <= 0) return cut(controller);
      const { done, value } = await reader.read();
      // A body shorter than the cut is still cut: its end never arrives.
      if (done) return cut(controller);
      const part = value.byteLength > left ? value.subarray(0, left) : value;
      left -= part.byteLength;
      controller.enqueue(part);
    },
    cancel: async (reason) => {
      stopped();
      await reader.cancel(reason);
    },
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}
