import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbBackends } from '../../testing/db-backends';
import type { Db } from '../db/db';
import { mdJobsRepo } from './md-jobs';
import { mdManifestsRepo } from './md-manifests';

// Milliseconds on purpose: the one statement's times come as text and must come back as the same Dates.
const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1) + seconds * 1000 + 123);
const file = (filePath: string, seconds: number) => ({
  path: filePath,
  blobId: `blob-${filePath}`,
  role: 'graphics',
  mime: 'model/gltf-binary',
  size: 1234,
  sha1: 'abc',
  viewGuid: 'view-1',
  viewName: '3D',
  viewRole: '3d' as const,
  resolution: null,
  createdAt: at(seconds),
});

// What a manifest poll reads, in one statement, on every metadata store the platform runs on.
describe.each(dbBackends)('the manifest view on $name', ({ open }) => {
  let dir: string;
  let db: Db;
  let manifests: ReturnType<typeof mdManifestsRepo>;
  let jobs: ReturnType<typeof mdJobsRepo>;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'ddm-md-view-'));
    db = await open(dir);
    manifests = mdManifestsRepo(db);
    jobs = mdJobsRepo(db);
  });
  afterAll(async () => {
    await db.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** The same, as the four separate queries read it. */
  const separately = async (urn: string) => ({
    manifest: await manifests.find(urn),
    derivatives: await manifests.derivatives(urn),
    files: await manifests.files(urn),
    job: await jobs.liveOf(urn),
  });

  it('reads the manifest, its derivatives in order, their files and the live job as the separate queries do', async () => {
    const urn = 'dXJuOmEvYi5pZmM';
    await db.transaction(async (tx) => {
      await manifests.upsert(tx, {
        urn,
        sourceUrn: 'urn:a/b.ifc',
        bucketKey: 'a',
        objectKey: 'b.ifc',
        fileName: 'b.ifc',
        rootFilename: null,
        region: 'US',
        createdAt: at(0),
      });
      await jobs.insert(tx, {
        id: 'job-1',
        urn,
        clientId: 'client-a',
        outputs: [{ type: 'svf2' }, { type: 'obj' }],
        createdAt: at(1),
      });
      await manifests.addDerivatives(tx, urn, 'job-1', ['svf2', 'obj'], at(1));
      await manifests.completeDerivative(
        tx,
        'job-1',
        'obj',
        'failed',
        [{ type: 'error', code: 'E-1', message: ['two', 'lines'] }],
        [file('obj/b.obj', 2)],
      );
      await manifests.completeDerivative(
        tx,
        'job-1',
        'svf2',
        'success',
        [],
        [file('svf2/z.glb', 3), file('svf2/a.json', 4)],
      );
    });
    expect(
      await jobs.start('job-1', {
        lease: { holder: 'runner-a', seconds: 30 },
        at: at(5),
        steal: false,
        maxAttempts: 2,
      }),
    ).toBeDefined();

    const view = await manifests.view(urn);
    expect(view).toEqual(await separately(urn));
    expect(view?.derivatives.map((derivative) => derivative.outputType)).toEqual(['obj', 'svf2']);
    expect(view?.files.map((row) => row.path)).toEqual(['obj/b.obj', 'svf2/a.json', 'svf2/z.glb']);
    expect(view?.job).toMatchObject({ id: 'job-1', status: 'inprogress', startedAt: at(5), finishedAt: null });
    expect(view?.files[0]?.createdAt).toBeInstanceOf(Date);

    await db.transaction((tx) => jobs.finish(tx, 'job-1', 'success', at(6), []));
    const ended = await manifests.view(urn);
    expect(ended?.job).toBeUndefined();
    expect(ended).toEqual(await separately(urn));
  });

  it('is undefined for a design never translated, and empty lists for one with no derivatives yet', async () => {
    expect(await manifests.view('bm90aGluZw')).toBeUndefined();
    await db.transaction((tx) =>
      manifests.upsert(tx, {
        urn: 'ZW1wdHk',
        sourceUrn: 'urn:e',
        bucketKey: 'e',
        objectKey: 'e',
        fileName: 'e.ifc',
        rootFilename: 'a.ifc',
        region: 'US',
        createdAt: at(0),
      }),
    );
    expect(await manifests.view('ZW1wdHk')).toEqual({ ...(await separately('ZW1wdHk')), job: undefined });
  });
});
