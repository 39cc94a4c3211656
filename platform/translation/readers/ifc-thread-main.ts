/**
 * An IFC geometry thread of a translation worker: web-ifc opens the model here and streams the
 * elements this thread claims, while the worker's main thread reads the same file's properties (and,
 * for a long model, a second thread claims elements too); then the first thread renders the
 * thumbnails while the main thread writes the GLB.
 */
import { parentPort, type MessagePort } from 'node:worker_threads';
import type { ModelObject, TriangleMesh } from '../model';
import { renderThumbnails } from '../writers/thumbnail';
import { ifcApi, withIfcModel } from './ifc-api';
import { readIfcGeometry } from './ifc-geometry';
import type { ElementMeshes, FromIfcThread, ReadGeometry } from './ifc-thread-protocol';
import { SharedArena } from './shared-arena';

const post = (message: FromIfcThread) => parentPort?.postMessage(message);
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

// Batches go out at least this often while web-ifc streams, so the main thread can quantize them meanwhile.
const BATCH_MS = 5;
// Runs shrink as the elements run out (an eighth of those left, at most eight), so that the threads
// finish together: the last runs are single elements.
const MAX_RUN = 8;
const CLOSED = 1 << 30;

function claimRun(claims: Int32Array, total: number): [from: number, to: number] {
  for (;;) {
    const from = Atomics.load(claims, 0);
    if (from >= total) return [total, total];
    const to = from + Math.min(MAX_RUN, Math.ceil((total - from) / 8));
    if (Atomics.compareExchange(claims, 0, from, to) === from) return [from, to];
  }
}

async function read({ id, bytes, claims, first, helpAfterMs, peer }: ReadGeometry): Promise<void> {
  const elements: ElementMeshes = [];
  // A helper that comes once the first thread has streamed its last element has nothing left to take.
  if (!first && Atomics.add(claims, 2, 1) & CLOSED) {
    post({ type: 'geometry', id, schema: '', meshes: [], empty: 0 });
    return;
  }
  try {
    let batch: ElementMeshes = [];
    let total = 0;
    let asked = false;
    const started = performance.now();
    let sent = started;
    const onElement = (expressId: number, meshes: TriangleMesh[]) => {
      elements.push([expressId, meshes]);
      batch.push([expressId, meshes]);
      const now = performance.now();
      if (first && !asked && now - started >= helpAfterMs && total - Atomics.load(claims, 0) >= 2) {
        asked = true;
        post({ type: 'help', id });
      }
      if (now - sent < BATCH_MS) return;
      post({ type: 'meshes', id, meshes: batch });
      batch = [];
      sent = now;
    };
    const claim = (count: number) =>
      first || !Atomics.load(claims, 1) ? claimRun(claims, count) : ([count, count] as [number, number]);
    const stream = { arrays: new SharedArena(), onListed: (count: number) => (total = count), claim, onElement };
    const geometry = await withIfcModel(bytes, (api, modelId) => ({
      schema: api.GetModelSchema(modelId),
      ...readIfcGeometry(api, modelId, stream),
    }));
    post({ type: 'geometry', id, schema: geometry.schema, meshes: batch, empty: geometry.empty });
  } catch (error) {
    post({ type: 'failed', id, stage: 'geometry', message: messageOf(error) });
    if (first) peer.close();
    return;
  } finally {
    // Whatever happened, the first thread waits for this to draw.
    if (!first) peer.postMessage(elements);
  }
  if (!first) return;
  const helpers = Atomics.or(claims, 2, CLOSED);
  for (let helper = 0; helper < helpers; helper++) elements.push(...(await handedOver(peer)));
  peer.close();
  draw(
    id,
    elements.sort((a, b) => a[0] - b[0]),
  );
}

const handedOver = (peer: MessagePort) =>
  new Promise<ElementMeshes>((resolve) => {
    peer.once('message', resolve);
    peer.start();
  });

function draw(id: number, elements: ElementMeshes): void {
  try {
    // Only the triangles and colours matter to a picture: the objects are the elements, unnamed.
    const objects = elements.map(([, meshes], index): ModelObject => ({
      dbId: index + 1,
      name: '',
      externalId: '',
      category: '',
      properties: {},
      meshes,
    }));
    post({ type: 'thumbnails', id, pictures: [...renderThumbnails({ sourceFormat: 'IFC', objects, warnings: [] })] });
  } catch (error) {
    post({ type: 'failed', id, stage: 'thumbnails', message: messageOf(error) });
  }
}

// web-ifc starts now, not with the first reading: a thread may wait idle for one until a job runs alone.
ifcApi().catch(() => undefined);

// One request at a time, in the order asked: web-ifc is one instance here, and its calls are synchronous anyway.
let queue = Promise.resolve();
parentPort?.on('message', (request: ReadGeometry) => {
  queue = queue.then(() => read(request));
});
