import { ITEM_TYPE, VERSION_TYPE } from '../../contracts/data-management';
import { newFolderId, newItemId } from '../storage/ids';
import { dmFoldersRepo, type Actor } from '../storage/repos/dm-folders';
import { demoBuildingIfc } from './ifc-building';
import { demoRingStl, demoTableObj, torus, toBinaryStl } from './meshes';
import { storeProjectFile, type SeedContext } from './store-file';

export const ARCHIVE_SIZE = 5000;
const text = (value: string) => new TextEncoder().encode(value);

/** A file with its versions, oldest first, each with the bytes and a comment. */
type DemoFile = { name: string; versions: { bytes: Uint8Array; comment: string }[] };

function schedule(kind: string, rows: number): Uint8Array {
  const lines = [`mark,${kind},level,length_m`];
  for (let n = 1; n <= rows; n++)
    lines.push(`${kind[0]!.toUpperCase()}${n},${kind} ${n},L${(n % 3) + 1},${(3 + (n % 5) * 0.75).toFixed(2)}`);
  return text(`${lines.join('\n')}\n`);
}

const TREE: Record<string, DemoFile[]> = {
  'Architecture/Models': [
    {
      name: 'demo-house.ifc',
      versions: [
        { bytes: text(demoBuildingIfc({ storeys: 1 })), comment: 'Ground floor massing' },
        { bytes: text(demoBuildingIfc({ storeys: 2 })), comment: 'Added the first floor' },
        { bytes: text(demoBuildingIfc({ storeys: 2, width: 14 })), comment: 'Widened to 14 m after client review' },
      ],
    },
    {
      name: 'riverside-block-a.ifc',
      versions: [
        {
          bytes: text(demoBuildingIfc({ name: 'Riverside Block A', storeys: 4, width: 24, depth: 12 })),
          comment: 'Concept',
        },
      ],
    },
  ],
  'Architecture/Drawings': Array.from({ length: 12 }, (_, n) => ({
    name: `drawing-register-${String(n + 1).padStart(2, '0')}.csv`,
    versions: [{ bytes: schedule('sheet', 8 + n), comment: 'Issued for coordination' }],
  })),
  Structure: [
    {
      name: 'column-schedule.csv',
      versions: [
        { bytes: schedule('column', 24), comment: 'First issue' },
        { bytes: schedule('column', 28), comment: 'Added the stair core' },
      ],
    },
    { name: 'beam-schedule.csv', versions: [{ bytes: schedule('beam', 40), comment: 'First issue' }] },
    {
      name: 'load-cases.txt',
      versions: [
        { bytes: text('Dead load 4.5 kN/m2\nLive load 3.0 kN/m2\nSnow 0.6 kN/m2\n'), comment: 'Eurocode values' },
      ],
    },
  ],
  Furniture: [
    {
      name: 'table.obj',
      versions: [
        { bytes: text(demoTableObj().replace('Demo table', 'Draft table')), comment: 'Draft' },
        { bytes: text(demoTableObj()), comment: 'Final dimensions' },
      ],
    },
  ],
  Fabrication: [
    { name: 'ring.stl', versions: [{ bytes: demoRingStl(), comment: 'For the 3D printer' }] },
    {
      name: 'thin-ring.stl',
      versions: [{ bytes: toBinaryStl([torus('Thin ring', 20, 2)], 'Thin ring'), comment: 'Lighter variant' }],
    },
  ],
};

/**
 * Fills a project's top folder with the demo tree, three levels deep, a few dozen files with
 * several versions, and an Archive folder of 5,000 items for paging. Does nothing if it has content.
 */
export async function seedDemoContent(
  ctx: SeedContext,
  projectId: string,
  topFolderId: string,
  actor: Actor,
): Promise<boolean> {
  const { stores, clock } = ctx;
  if ((await stores.folders.countChildren(topFolderId, true)) > 0) return false;
  const folderIds = new Map<string, string>();
  const folderFor = async (folderPath: string): Promise<string> => {
    const known = folderIds.get(folderPath);
    if (known) return known;
    const slash = folderPath.lastIndexOf('/');
    const parentId = slash < 0 ? topFolderId : await folderFor(folderPath.slice(0, slash));
    const id = newFolderId();
    await dmFoldersRepo(stores.db).create(
      { id, projectId, parentId, name: folderPath.slice(slash + 1) },
      actor,
      clock.now(),
    );
    folderIds.set(folderPath, id);
    return id;
  };
  for (const [folderPath, files] of Object.entries(TREE)) {
    const folderId = await folderFor(folderPath);
    for (const file of files) {
      const itemId = newItemId();
      for (const [n, version] of file.versions.entries()) {
        const stored = await storeProjectFile(ctx, projectId, file.name, version.bytes, version.comment);
        if (n === 0)
          await stores.items.create(
            { id: itemId, projectId, folderId, displayName: file.name, extensionType: ITEM_TYPE },
            stored,
            actor,
            clock.now(),
          );
        else await stores.items.addVersion(itemId, stored, actor, clock.now());
      }
    }
  }
  const archiveId = await folderFor('Archive');
  const record = await storeProjectFile(
    ctx,
    projectId,
    'record.txt',
    text('An archived record of the Riverside Offices project.\n'),
  );
  const records = Array.from({ length: ARCHIVE_SIZE }, (_, n) => ({
    name: `record-${String(n + 1).padStart(4, '0')}.txt`,
    storageUrn: record.storageUrn,
    size: record.storageSize,
    mimeType: record.mimeType,
    fileType: 'txt',
  }));
  await stores.items.createMany(
    projectId,
    archiveId,
    records,
    { item: ITEM_TYPE, version: VERSION_TYPE },
    actor,
    clock.now(),
  );
  return true;
}
