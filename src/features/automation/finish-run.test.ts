import { describe, expect, it, vi } from 'vitest';
import { configureHttp } from '../../api/http';
import { jsonResponse, mockFetch, type RecordedCall } from '../../testing/fetch-mock';
import { createTestQueryClient } from '../../testing/render';
import { finishOutputs } from './finish-run';
import { runStore, type FolderOutput } from './run-store';

const folderOutput = (fileName: string): FolderOutput => ({
  parameter: 'properties',
  kind: 'folder',
  hubId: 'h',
  projectId: 'p',
  folderId: 'f',
  fileName,
  storageId: 'urn:adsk.objects:os.object:wip.dm.prod/abc.csv',
  uploadKey: 'up-1',
});

const doc = (data: unknown, included?: unknown[]) =>
  jsonResponse({ jsonapi: { version: '1.0' }, links: { self: { href: '' } }, data, ...(included ? { included } : {}) });

function serve(existing: string[]) {
  const mock = mockFetch((call: RecordedCall) => {
    const path = call.url.pathname;
    if (path.endsWith('/signeds3upload'))
      return jsonResponse({ bucketKey: 'wip.dm.prod', objectKey: 'abc.csv', objectId: 'x', size: 10 });
    if (path.endsWith('/contents'))
      return doc(
        existing.map((name, index) => ({ type: 'items', id: `item-${index}`, attributes: { displayName: name } })),
      );
    if (path.endsWith('/items'))
      return doc({ type: 'items', id: 'item-new' }, [
        { type: 'versions', id: 'ver-1', attributes: { versionNumber: 1 } },
      ]);
    if (path.endsWith('/versions')) return doc({ type: 'versions', id: 'ver-3', attributes: { versionNumber: 3 } });
    return jsonResponse({}, { status: 404 });
  });
  configureHttp({
    baseUrl: 'http://p',
    fetch: mock.fetch,
    getAccessToken: () => 't',
    refreshAccessToken: vi.fn(() => Promise.resolve(null)),
    onSessionExpired: vi.fn(),
  });
  return mock;
}

describe('finishOutputs', () => {
  it('completes the upload and makes a new item when the folder has none of that name', async () => {
    const mock = serve(['other.csv']);
    const [done] = await finishOutputs(
      [folderOutput('props.csv')],
      createTestQueryClient(),
      new AbortController().signal,
    );
    expect(done).toMatchObject({ made: { itemId: 'item-new', versionId: 'ver-1', versionNumber: 1 } });
    expect(JSON.parse(mock.calls[0]?.body ?? '{}')).toEqual({ uploadKey: 'up-1' });
    expect(mock.calls.map((call) => `${call.method} ${call.url.pathname.split('/').at(-1)}`)).toEqual([
      'POST signeds3upload',
      'GET contents',
      'POST items',
    ]);
  });

  it('makes a new version of the item of that name, whatever its case', async () => {
    const mock = serve(['Props.CSV']);
    const [done] = await finishOutputs(
      [folderOutput('props.csv')],
      createTestQueryClient(),
      new AbortController().signal,
    );
    expect(done).toMatchObject({ made: { itemId: 'item-0', versionId: 'ver-3', versionNumber: 3 } });
    expect(JSON.parse(mock.calls.at(-1)?.body ?? '{}')).toMatchObject({
      data: { relationships: { item: { data: { id: 'item-0' } } } },
    });
  });

  it('leaves bucket outputs and outputs already made as they are', async () => {
    const mock = serve([]);
    const made = { ...folderOutput('a.csv'), made: { itemId: 'i', versionId: 'v', versionNumber: 2 } };
    const bucket = { parameter: 'out', kind: 'bucket' as const, bucketKey: 'b', objectKey: 'o' };
    expect(await finishOutputs([made, bucket], createTestQueryClient(), new AbortController().signal)).toEqual([
      made,
      bucket,
    ]);
    expect(mock.calls).toEqual([]);
  });
});

describe('the run store', () => {
  it('marks a successful run with folder outputs as due to be finished, and no other', () => {
    runStore.setState({ runs: [] });
    const { runStarted, runEnded } = runStore.getState().actions;
    runStarted(
      { id: 'a', activityId: 'A.B+prod', choices: {}, outputs: [folderOutput('x.csv')], status: 'pending' },
      1,
    );
    runStarted(
      { id: 'b', activityId: 'A.B+prod', choices: {}, outputs: [folderOutput('y.csv')], status: 'pending' },
      2,
    );
    runStarted(
      {
        id: 'c',
        activityId: 'A.B+prod',
        choices: {},
        outputs: [{ parameter: 'o', kind: 'bucket', bucketKey: 'b', objectKey: 'o' }],
        status: 'pending',
      },
      3,
    );
    runEnded('a', 'success', 10);
    runEnded('b', 'failedInstructions', 10);
    runEnded('c', 'success', 10);
    runEnded('a', 'cancelled', 20);
    expect(runStore.getState().runs.map((run) => [run.id, run.status, run.finishing, run.endedAt])).toEqual([
      ['c', 'success', 'none', 10],
      ['b', 'failedInstructions', 'none', 10],
      ['a', 'success', 'due', 10],
    ]);
  });
});
