import { apiError, fakeOss } from './fake-oss';
import type { UploadSteps } from '../../features/upload/run-file';

/** Runs `make` on a later microtask, as a request would answer: what it throws becomes a rejection. */
const later = <T>(make: () => T): Promise<T> => Promise.resolve().then(make);

/** The four steps over an in-memory folder, for engine unit tests; records what was created. */
export function fakeSteps(now: () => number, existing: string[] = []) {
  const oss = fakeOss(now);
  const items = new Map(existing.map((name, index) => [name.toLowerCase(), { id: `item-${index}`, versions: 1 }]));
  const created: string[] = [];
  const completed: string[] = [];
  let storages = 0;
  const steps: UploadSteps = {
    resolveFolder: (target) => later(() => [target.folderId, ...target.path].join('/')),
    createStorage: () => later(() => `urn:adsk.objects:os.object:wip/storage-${++storages}`),
    sign: (_bucket, _object, request) => oss.sign(request),
    complete: (_bucket, objectKey, body) => later(() => completed.push(`${objectKey}:${body.uploadKey}`)),
    completeObject: (bucketKey, objectKey, body) =>
      later(() => {
        completed.push(`${objectKey}:${body.uploadKey}`);
        return { objectId: `urn:adsk.objects:os.object:${bucketKey}/${objectKey}` };
      }),
    itemsByName: () => later(() => new Map([...items.entries()].map(([name, item]) => [name, item.id]))),
    createItem: (_target, _folder, name) =>
      later(() => {
        if (items.has(name.toLowerCase())) throw apiError(409);
        const id = `item-${items.size}`;
        items.set(name.toLowerCase(), { id, versions: 1 });
        created.push(`item ${name}`);
        return { itemId: id, versionId: `${id}?version=1`, versionNumber: 1 };
      }),
    createVersion: (_target, _folder, itemId, name) =>
      later(() => {
        const item = [...items.values()].find((candidate) => candidate.id === itemId);
        if (!item) throw apiError(404);
        item.versions += 1;
        created.push(`version ${name} v${item.versions}`);
        return { itemId, versionId: `${itemId}?version=${item.versions}`, versionNumber: item.versions };
      }),
  };
  return { steps, oss, created, completed, items };
}
