import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { ITEM_TYPE } from '../../contracts/data-management';
import { objectUrn } from '../../contracts/oss';
import { storeProjectFile } from '../demo/store-file';
import { newObjectRecord } from '../services/oss/objects';
import { newFolderId, newItemId } from '../storage/ids';
import { createProject, PLATFORM_ACTOR, TOP_FOLDER_NAME } from '../storage/projects';
import type { FolderRecord } from '../storage/repos/dm-folders';
import type { HubRecord } from '../storage/repos/hubs';
import type { Seed, SeedFile, SeedFolder } from './seed-schema';
import { readSource } from './seed-checks';
import { isDry, requestTranslation, type SeedPass } from './seed-pass';
import { childPath } from './seed-source';

type SeedProject = NonNullable<NonNullable<Seed['hubs']>[number]['projects']>[number];
type SeedBucket = NonNullable<Seed['buckets']>[number];
const MAX_CHILDREN = 100_000;

/** A project by its name in the hub, made with its folders when missing, and its tree below Project Files. */
export async function applyProject(pass: SeedPass, hub: HubRecord, project: SeedProject, at: string): Promise<void> {
  const { stores } = pass;
  const projects = await stores.hubs.listProjects(hub.id);
  let found = projects.find((record) => record.name.toLowerCase() === project.name.toLowerCase());
  if (!found) {
    found = await createProject(stores.db, hub.id, project.name, pass.clock.now());
    pass.counts.projects++;
  }
  const top = await childFolders(pass, found.rootFolderId!);
  const topFolder = top.find((folder) => folder.name === TOP_FOLDER_NAME) ?? top[0];
  if (!topFolder) throw new Error(`project ${found.id} has no top folder`);
  await applyFolderContent(pass, found.id, topFolder.id, project, at);
}

const childFolders = (pass: SeedPass, folderId: string): Promise<FolderRecord[]> =>
  pass.stores.folders.children(folderId, true, 0, MAX_CHILDREN);

async function applyFolderContent(
  pass: SeedPass,
  projectId: string,
  folderId: string,
  content: { folders?: SeedFolder[] | undefined; files?: SeedFile[] | undefined },
  at: string,
): Promise<void> {
  const { stores } = pass;
  const existing = await childFolders(pass, folderId);
  for (const [index, folder] of (content.folders ?? []).entries()) {
    const folderAt = childPath(childPath(at, 'folders'), index);
    if (await stores.items.findByName(folderId, folder.name)) {
      pass.problems.push({ path: folderAt, message: `a file named "${folder.name}" is already in that folder` });
      continue;
    }
    let childId = existing.find((record) => record.name.toLowerCase() === folder.name.toLowerCase())?.id;
    if (!childId) {
      childId = newFolderId();
      await stores.folders.create(
        { id: childId, projectId, parentId: folderId, name: folder.name },
        PLATFORM_ACTOR,
        pass.clock.now(),
      );
      pass.counts.folders++;
    }
    await applyFolderContent(pass, projectId, childId, folder, folderAt);
  }
  for (const [index, file] of (content.files ?? []).entries()) {
    const fileAt = childPath(childPath(at, 'files'), index);
    if (existing.some((record) => record.name.toLowerCase() === file.name.toLowerCase())) {
      pass.problems.push({ path: fileAt, message: `a folder named "${file.name}" is already in that folder` });
      continue;
    }
    await applyFile(pass, projectId, folderId, file);
  }
}

/** The item by its name in the folder; the versions it lacks (the store has fewer than the seed lists) are added. */
async function applyFile(pass: SeedPass, projectId: string, folderId: string, file: SeedFile): Promise<void> {
  if (isDry(pass)) return;
  const { stores, clock } = pass;
  const item = await stores.items.findByName(folderId, file.name);
  const itemId = item?.id ?? newItemId();
  const stored = item?.tipVersion ?? 0;
  for (const [index, version] of file.versions.entries()) {
    if (index >= stored) {
      const bytes = await readSource(version, pass.baseDir);
      const next = await storeProjectFile(pass, projectId, file.name, bytes, version.comment?.trim() || null);
      if (index === 0) {
        await stores.items.create(
          { id: itemId, projectId, folderId, displayName: file.name, extensionType: ITEM_TYPE },
          next,
          PLATFORM_ACTOR,
          clock.now(),
        );
        pass.counts.files++;
      } else await stores.items.addVersion(itemId, next, PLATFORM_ACTOR, clock.now());
      pass.counts.versions++;
    }
    if (!version.translate) continue;
    const versions = await stores.items.versions(itemId);
    const record = versions.find((entry) => entry.versionNumber === index + 1);
    if (record?.storageUrn) await requestTranslation(pass, record.id, record.storageUrn, version.translate, file.name);
  }
}

/** Objects by key: one with the same bytes is left alone, one with other bytes is replaced, as a PUT would. */
export async function applyObjects(pass: SeedPass, bucket: SeedBucket): Promise<void> {
  const { stores, clock } = pass;
  const record = await stores.oss.findBucket(bucket.key);
  if (!record || isDry(pass)) return;
  for (const object of bucket.objects ?? []) {
    const bytes = await readSource(object, pass.baseDir);
    const sha1 = createHash('sha1').update(bytes).digest('hex');
    const found = await stores.oss.findObject(bucket.key, object.key, clock.now());
    if (!found || found.sha1 !== sha1 || found.size !== bytes.length) {
      const written = await pass.blobs.write(Readable.from([bytes]), {
        maxBytes: bytes.length,
        expectedBytes: bytes.length,
      });
      const meta = {
        contentType: object.content_type ?? 'application/octet-stream',
        contentDisposition: undefined,
        contentEncoding: undefined,
        cacheControl: undefined,
        userMetadata: undefined,
      };
      const replaced = await stores.oss.putObject(newObjectRecord(record, object.key, written, meta, clock.now()), [
        { blobId: written.id, size: written.size },
      ]);
      pass.freed.push(...replaced);
      pass.counts.objects++;
    }
    const urn = objectUrn(bucket.key, object.key);
    if (object.translate) await requestTranslation(pass, urn, urn, object.translate, object.key);
  }
}
