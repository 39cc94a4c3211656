import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { objectUrn, parseObjectUrn } from '../../../contracts/oss';
import type { Clock } from '../../config';
import type { Actor } from '../../storage/repos/dm-folders';
import type { NewVersion } from '../../storage/repos/dm-items';
import type { Stores } from '../../storage/stores';
import { VERSION_TYPE } from '../../../contracts/data-management';
import { badInput } from './requests';

/** Step 1 of the four: a place in the project's bucket for the bytes the client will upload next. */
export async function reserveStorage(stores: Stores, clock: Clock, projectId: string, fileName: string, actor: Actor) {
  const now = clock.now();
  const bucketKey = await stores.storage.ensureProjectBucket(projectId, now);
  // The name only lends its extension: keys are ours, so no name can collide or reach a path.
  const extension = path
    .extname(fileName)
    .toLowerCase()
    .replace(/[^a-z0-9.]/g, '')
    .slice(0, 16);
  const objectKey = `${randomUUID()}${extension}`;
  const objectId = objectUrn(bucketKey, objectKey);
  await stores.storage.reserve({ objectId, projectId, bucketKey, objectKey, createdBy: actor.id, createdAt: now });
  return { objectId, bucketKey, objectKey };
}

const MIME: Record<string, string> = {
  ifc: 'application/x-step',
  obj: 'model/obj',
  stl: 'model/stl',
  glb: 'model/gltf-binary',
  gltf: 'model/gltf+json',
  pdf: 'application/pdf',
  dxf: 'image/vnd.dxf',
  step: 'model/step',
  stp: 'model/step',
  txt: 'text/plain',
  '3dm': 'model/vnd.3dm',
};

/**
 * Steps 3 and 4 check what a new version points at: storage this project reserved, whose upload
 * (step 2) has completed. Its size and type come from the stored object, not from the client.
 */
export async function checkedVersion(
  stores: Stores,
  clock: Clock,
  projectId: string,
  name: string,
  storageId: string,
  extensionType = VERSION_TYPE,
): Promise<NewVersion> {
  const parsed = parseObjectUrn(storageId);
  const reserved = parsed ? await stores.storage.find(objectUrn(parsed.bucketKey, parsed.objectKey)) : undefined;
  if (!parsed || !reserved || reserved.projectId !== projectId) {
    throw badInput(
      `The storage ${storageId.slice(0, 200)} was not created in this project: create it with POST /data/v1/projects/${projectId}/storage.`,
    );
  }
  const object = await stores.oss.findObject(parsed.bucketKey, parsed.objectKey, clock.now());
  if (!object)
    throw badInput('The storage object has no content yet: upload the file to it before creating the item or version.');
  const fileType = path.extname(name).slice(1).toLowerCase() || null;
  return {
    name,
    extensionType,
    storageUrn: reserved.objectId,
    storageSize: object.size,
    mimeType: (fileType && MIME[fileType]) ?? object.contentType ?? null,
    fileType,
    comment: null,
  };
}
