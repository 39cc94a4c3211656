import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobOutputFormat } from '../../../contracts/model-derivative';
import { dbBackends } from '../../testing/db-backends';
import type { Db } from '../db/db';
import { createStores, type Stores } from '../stores';
import type { JobRequest } from './md-job-create';

const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1) + seconds * 1000);
const SVF2: JobOutputFormat = { type: 'svf2', views: ['3d'] };
const OBJ: JobOutputFormat = { type: 'obj' };

// POST …/job's one statement, on PGlite and (in CI) a PostgreSQL server: each verdict, and what a job replaces.
describe.each(dbBackends)('recording a translation job on $name', ({ open }) => {
  let dir: string;
  let db: Db;
  let stores: Stores;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'ddm-md-create-'));
    db = await open(dir);
    stores = createStores(db);
    await db.query(
      "INSERT INTO apps (client_id, name, type, secret_hash, scopes) VALUES ('app-1', 'A', 'server', 'x', '{}')",
    );
    await stores.oss.createBucket({
      bucketKey: 'designs',
      ownerClientId: 'app-1',
      policyKey: 'persistent',
      region: 'US',
      permissions: [],
      createdAt: at(0),
    });
  });
  afterAll(async () => {
    await db.close();
    await rm(dir, { recursive: true, force: true });
  });

  let ids = 0;
  const design = async (objectKey: string, expiresAt: Date | null = null) => {
    await stores.oss.putObject(
      {
        id: `object-${++ids}`,
        bucketKey: 'designs',
        objectKey,
        size: 3,
        sha1: 'abc',
        contentType: 'application/octet-stream',
        contentDisposition: null,
        contentEncoding: null,
        cacheControl: null,
        userMetadata: null,
        createdAt: at(0),
        modifiedAt: at(0),
        accessedAt: null,
        expiresAt,
      },
      [{ blobId: `source-${ids}`, size: 3 }],
    );
    return objectKey;
  };
  const request = (
    objectKey: string,
    id: string,
    options: Partial<JobRequest> & { second?: number } = {},
  ): JobRequest => ({
    id,
    manifest: {
      urn: `urn-${objectKey}`,
      sourceUrn: `urn:${objectKey}`,
      bucketKey: 'designs',
      objectKey,
      fileName: objectKey,
      rootFilename: null,
      region: 'US',
      createdAt: at(options.second ?? 1),
    },
    clientId: 'app-1',
    formats: [SVF2],
    force: false,
    maxLive: 20,
    ...options,
  });
  const succeed = async (jobId: string, outputType: 'svf2' | 'obj', blobId: string) => {
    await db.transaction(async (tx) => {
      await stores.mdManifests.completeDerivative(
        tx,
        jobId,
        outputType,
        'success',
        [],
        [
          {
            path: `${outputType}/file`,
            blobId,
            role: 'graphics',
            mime: 'x',
            size: 1,
            sha1: '',
            viewGuid: null,
            viewName: null,
            viewRole: null,
            resolution: null,
            createdAt: at(2),
          },
        ],
      );
    });
  };
  const finish = (jobId: string) => db.transaction((tx) => stores.mdJobs.finish(tx, jobId, 'success', at(2)));

  it('records a pending job for the formats in their order, and says when the source is missing or expired', async () => {
    const key = await design('house.ifc');
    expect(await stores.mdJobs.create(request(key, 'job-1', { formats: [SVF2, OBJ] }))).toEqual({
      outcome: 'created',
      replaced: [],
      freed: [],
    });
    expect(await stores.mdJobs.find('job-1')).toMatchObject({
      status: 'pending',
      urn: 'urn-house.ifc',
      outputs: [SVF2, OBJ],
      createdAt: at(1),
    });
    expect(
      (await stores.mdManifests.derivatives('urn-house.ifc')).map((d) => [d.outputType, d.status, d.jobId]),
    ).toEqual([
      ['obj', 'pending', 'job-1'],
      ['svf2', 'pending', 'job-1'],
    ]);
    // Started, it comes with its source's blobs.
    const started = await stores.mdJobs.start('job-1', {
      lease: { holder: 'runner', seconds: 30 },
      at: at(2),
      steal: false,
      maxAttempts: 2,
    });
    expect(started?.content).toEqual({ size: 3, extents: [{ blobId: `source-${ids}`, size: 3 }] });

    expect(await stores.mdJobs.create(request('absent.ifc', 'job-2'))).toEqual({ outcome: 'missing' });
    const expired = await design('expired.ifc', at(0));
    expect(await stores.mdJobs.create(request(expired, 'job-3'))).toEqual({ outcome: 'missing' });
    expect(await stores.mdJobs.find('job-2')).toBeUndefined();
    expect(await stores.mdManifests.find('urn-absent.ifc')).toBeUndefined();
  });

  it('refuses a second job while one runs unless forced; forced, it replaces the job and every derivative', async () => {
    const key = await design('tower.ifc');
    await stores.mdJobs.create(request(key, 'job-a', { formats: [SVF2, OBJ] }));
    await succeed('job-a', 'obj', 'blob-a-obj');
    expect(await stores.mdJobs.create(request(key, 'job-b'))).toEqual({ outcome: 'running' });
    expect(await stores.mdJobs.find('job-b')).toBeUndefined();

    const forced = await stores.mdJobs.create(request(key, 'job-c', { force: true, second: 5 }));
    expect(forced).toEqual({ outcome: 'created', replaced: ['job-a'], freed: ['blob-a-obj'] });
    expect(await stores.mdJobs.find('job-a')).toBeUndefined();
    expect(
      (await stores.mdManifests.derivatives('urn-tower.ifc')).map((d) => [d.outputType, d.status, d.jobId]),
    ).toEqual([['svf2', 'pending', 'job-c']]);
    expect(await stores.mdManifests.files('urn-tower.ifc')).toEqual([]);
    expect(await stores.mdManifests.find('urn-tower.ifc')).toMatchObject({ createdAt: at(5), updatedAt: at(5) });
  });

  it('answers done when every format exists, and otherwise translates only the missing ones, keeping the others', async () => {
    const key = await design('bridge.ifc');
    await stores.mdJobs.create(request(key, 'bridge-1'));
    await succeed('bridge-1', 'svf2', 'blob-svf2');
    await finish('bridge-1');
    expect(await stores.mdJobs.create(request(key, 'bridge-2', { second: 7 }))).toEqual({ outcome: 'done' });

    expect(await stores.mdJobs.create(request(key, 'bridge-3', { formats: [SVF2, OBJ], second: 8 }))).toEqual({
      outcome: 'created',
      replaced: [],
      freed: [],
    });
    expect(await stores.mdJobs.find('bridge-3')).toMatchObject({ outputs: [OBJ] });
    expect(
      (await stores.mdManifests.derivatives('urn-bridge.ifc')).map((d) => [d.outputType, d.status, d.jobId]),
    ).toEqual([
      ['svf2', 'success', 'bridge-1'],
      ['obj', 'pending', 'bridge-3'],
    ]);
    expect((await stores.mdManifests.files('urn-bridge.ifc')).map((file) => file.blobId)).toEqual(['blob-svf2']);
    // Not forced, the manifest keeps its first creation time.
    expect(await stores.mdManifests.find('urn-bridge.ifc')).toMatchObject({ createdAt: at(1), updatedAt: at(8) });
  });

  it('retranslates a failed format in place and frees its old files', async () => {
    const key = await design('barn.ifc');
    await stores.mdJobs.create(request(key, 'barn-1'));
    await db.transaction((tx) =>
      stores.mdManifests.completeDerivative(
        tx,
        'barn-1',
        'svf2',
        'failed',
        [],
        [
          {
            path: 'svf2/partial',
            blobId: 'blob-partial',
            role: 'graphics',
            mime: 'x',
            size: 1,
            sha1: '',
            viewGuid: null,
            viewName: null,
            viewRole: null,
            resolution: null,
            createdAt: at(2),
          },
        ],
      ),
    );
    await db.transaction((tx) => stores.mdJobs.finish(tx, 'barn-1', 'failed', at(2)));
    expect(await stores.mdJobs.create(request(key, 'barn-2'))).toEqual({
      outcome: 'created',
      replaced: [],
      freed: ['blob-partial'],
    });
    expect(
      (await stores.mdManifests.derivatives('urn-barn.ifc')).map((d) => [d.outputType, d.status, d.jobId, d.messages]),
    ).toEqual([['svf2', 'pending', 'barn-2', []]]);
    expect(await stores.mdManifests.files('urn-barn.ifc')).toEqual([]);
  });

  it("holds an app to its live jobs, not counting the one a forced job replaces, nor another app's", async () => {
    const [first, second] = [await design('a.ifc'), await design('b.ifc')];
    expect(await stores.mdJobs.create(request(first, 'limit-1', { clientId: 'app-2', maxLive: 1 }))).toMatchObject({
      outcome: 'created',
    });
    expect(await stores.mdJobs.create(request(second, 'limit-2', { clientId: 'app-2', maxLive: 1 }))).toEqual({
      outcome: 'limit',
    });
    expect(
      await stores.mdJobs.create(request(first, 'limit-3', { clientId: 'app-2', maxLive: 1, force: true })),
    ).toEqual({ outcome: 'created', replaced: ['limit-1'], freed: [] });
    expect(await stores.mdJobs.create(request(second, 'limit-4', { clientId: 'app-3', maxLive: 1 }))).toMatchObject({
      outcome: 'created',
    });
  });
});
