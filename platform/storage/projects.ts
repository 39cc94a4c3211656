import type { Db } from './db/db';
import { newFolderId } from './ids';
import { dmFoldersRepo, type Actor } from './repos/dm-folders';
import { hubsRepo, type ProjectRecord } from './repos/hubs';

/** What made a thing when no person did: the admin command line and the demo seed. */
export const PLATFORM_ACTOR: Actor = { id: 'DDMPLATFORM0', name: 'Design Data Platform' };

export const TOP_FOLDER_NAME = 'Project Files';

/** A project with its (hidden) root folder and the top folder people see, in one transaction. */
export function createProject(
  db: Db,
  hubId: string,
  name: string,
  at: Date,
  actor: Actor = PLATFORM_ACTOR,
): Promise<ProjectRecord> {
  return db.transaction(async (tx) => {
    const rootId = newFolderId();
    const project = await hubsRepo(tx).insertProject(hubId, name, rootId);
    const folders = dmFoldersRepo(tx);
    await folders.create({ id: rootId, projectId: project.id, parentId: null, name: `${name} root` }, actor, at);
    await folders.create(
      { id: newFolderId(), projectId: project.id, parentId: rootId, name: TOP_FOLDER_NAME },
      actor,
      at,
    );
    return project;
  });
}
