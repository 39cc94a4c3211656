/**
 * The IFC geometry thread of a translation worker: web-ifc opens and triangulates the model here while
 * the worker's main thread reads the same file's properties, then renders the thumbnails from the
 * geometry while the main thread writes the GLB.
 */
import { parentPort } from 'node:worker_threads';
import type { ModelObject, TriangleMesh } from '../model';
import { renderThumbnails } from '../writers/thumbnail';
import { withIfcModel } from './ifc-api';
import { readIfcGeometry } from './ifc-geometry';
import type { ElementMeshes, FromIfcThread, ReadGeometry } from './ifc-thread-protocol';
import { SharedArena } from './shared-arena';

const post = (message: FromIfcThread) => parentPort?.postMessage(message);
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

// Batches go out at least this often while web-ifc streams, so the main thread can quantize them meanwhile.
const BATCH_MS = 5;

async function read({ id, bytes }: ReadGeometry): Promise<void> {
  let meshes: ModelObject['meshes'][];
  try {
    let batch: ElementMeshes = [];
    let sent = performance.now();
    const onElement = (expressId: number, elementMeshes: TriangleMesh[]) => {
      batch.push([expressId, elementMeshes]);
      if (performance.now() - sent < BATCH_MS) return;
      post({ type: 'meshes', id, meshes: batch });
      batch = [];
      sent = performance.now();
    };
    const geometry = await withIfcModel(bytes, (api, modelId) => ({ schema: api.GetModelSchema(modelId), ...readIfcGeometry(api, modelId, new SharedArena(), onElement) }));
    post({ type: 'geometry', id, schema: geometry.schema, meshes: batch, empty: geometry.empty });
    meshes = [...geometry.meshes.values()];
  } catch (error) {
    post({ type: 'failed', id, stage: 'geometry', message: messageOf(error) });
    return;
  }
  try {
    // Only the triangles and colours matter to a picture: the objects are the elements, unnamed.
    const objects = meshes.map((elementMeshes, index): ModelObject => ({ dbId: index + 1, name: '', externalId: '', category: '', properties: {}, meshes: elementMeshes }));
    post({ type: 'thumbnails', id, pictures: [...renderThumbnails({ sourceFormat: 'IFC', objects, warnings: [] })] });
  } catch (error) {
    post({ type: 'failed', id, stage: 'thumbnails', message: messageOf(error) });
  }
}

// One file at a time, in the order asked: web-ifc is one instance, and its calls are synchronous anyway.
let queue = Promise.resolve();
parentPort?.on('message', (request: ReadGeometry) => {
  queue = queue.then(() => read(request));
});
