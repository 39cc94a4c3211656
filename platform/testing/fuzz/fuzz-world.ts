import { SCOPES, type TokenResponse } from '../../../contracts/authentication';
import type { ItemResponse, TopFoldersResponse } from '../../../contracts/data-management';
import { encodeUrn, type Manifest, type MetadataResponse } from '../../../contracts/model-derivative';
import {
  objectUrn,
  parseObjectUrn,
  type SignedS3DownloadResponse,
  type SignedS3UploadResponse,
} from '../../../contracts/oss';
import type { Logger } from '../../app';
import { createHub } from '../../cli/admin-commands';
import { NO_RATE_LIMITS } from '../../config';
import { encodePageState } from '../../services/webhooks/paging';
import { FakeTranslator } from '../fake-translator';
import { authorizeQuery, basicAuth, confidentialApp, openSignIn, signedInUser, tokenRequest } from '../oauth-flow';
import { createBucket, objectPath, putObject } from '../oss';
import { createTestPlatform, type TestPlatform } from '../test-platform';

const ALL_SCOPES = SCOPES.join(' ');
const JSON_API = 'application/vnd.api+json';

/** Valid values the fuzz mixes with hostile ones, keyed by a parameter's normalised name (`projectid`). */
export type Pool = Record<string, string[]>;

/** What the fuzz runs against: one platform with a small, real dataset, and tokens to call it with. */
export interface FuzzWorld {
  platform: TestPlatform;
  pool: Pool;
  /**
   * Header sets a caller may send, the likelier ones more often: for the APIs 2-legged and 3-legged
   * tokens with every scope, none and broken ones; for the OAuth endpoints client credentials or none.
   */
  credentials: { api: Record<string, string>[]; oauth: Record<string, string>[] };
  /** Real signed URLs (OSS upload and download, Model Derivative download), for the routes outside the OpenAPI. */
  signedUrls: string[];
  /** The cookie of a pending sign-in, for the sign-in and consent forms. */
  cookies: string[];
}

async function json<T>(response: Response | Promise<Response>): Promise<T> {
  const answer = await response;
  if (answer.status >= 300) throw new Error(`seeding answered ${answer.status}: ${await answer.text()}`);
  return (await answer.json()) as T;
}

/**
 * A platform shaped like the demo, built through its own API: a hub with two projects, folders, an
 * item in two versions, buckets and objects, a translated design with a manifest, tokens with every
 * scope (2-legged and 3-legged), a pending sign-in. Rate limits are off so they hide nothing, and
 * Model Derivative runs the fake translator.
 */
export async function createFuzzWorld(logger: Logger): Promise<FuzzWorld> {
  const platform = await createTestPlatform(
    { rateLimits: { ...NO_RATE_LIMITS } },
    { translator: new FakeTranslator(), logger },
  );
  const server = await confidentialApp(platform, 'server', ALL_SCOPES);
  const token = (
    await json<TokenResponse>(
      tokenRequest(platform, { grant_type: 'client_credentials', scope: ALL_SCOPES }, server.basic),
    )
  ).access_token;
  const sacrificial = (
    await json<TokenResponse>(
      tokenRequest(platform, { grant_type: 'client_credentials', scope: 'data:read' }, server.basic),
    )
  ).access_token;
  const user = await signedInUser(platform, ALL_SCOPES);
  const twoLegged = { Authorization: `Bearer ${token}` };
  const call = (path: string, init: RequestInit = {}) =>
    platform.request(path, { ...init, headers: { ...twoLegged, ...init.headers } });

  const hub = await createHub(platform.stores, {
    name: 'Fuzz Company',
    member: [user.user.email],
    app: [server.clientId],
  });
  const projects = [await platform.addProject(hub.id, 'Riverside'), await platform.addProject(hub.id, 'Harbour')];
  const project = projects[0]!;
  const top = (await json<TopFoldersResponse>(call(`/project/v1/hubs/${hub.id}/projects/${project.id}/topFolders`)))
    .data[0]!.id;
  const folder = await json<{ data: { id: string } }>(
    call(`/data/v1/projects/${project.id}/folders`, {
      method: 'POST',
      headers: { 'Content-Type': JSON_API },
      body: JSON.stringify({
        data: {
          type: 'folders',
          attributes: { name: 'Models' },
          relationships: { parent: { data: { type: 'folders', id: top } } },
        },
      }),
    }),
  );

  const storeBytes = async (name: string, bytes: string): Promise<string> => {
    const storage = await json<{ data: { id: string } }>(
      call(`/data/v1/projects/${project.id}/storage`, {
        method: 'POST',
        headers: { 'Content-Type': JSON_API },
        body: JSON.stringify({
          data: {
            type: 'objects',
            attributes: { name },
            relationships: { target: { data: { type: 'folders', id: folder.data.id } } },
          },
        }),
      }),
    );
    const { bucketKey, objectKey } = parseObjectUrn(storage.data.id)!;
    const signed = await json<SignedS3UploadResponse>(call(`${objectPath(bucketKey, objectKey)}/signeds3upload`));
    await platform.app.request(signed.urls[0]!, { method: 'PUT', body: bytes });
    await json(
      call(`${objectPath(bucketKey, objectKey)}/signeds3upload`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ uploadKey: signed.uploadKey }),
      }),
    );
    return storage.data.id;
  };
  const item = await json<ItemResponse>(
    call(`/data/v1/projects/${project.id}/items`, {
      method: 'POST',
      headers: { 'Content-Type': JSON_API },
      body: JSON.stringify({
        data: {
          type: 'items',
          attributes: { displayName: 'table.obj' },
          relationships: { parent: { data: { type: 'folders', id: folder.data.id } } },
        },
        included: [
          {
            type: 'versions',
            attributes: { name: 'table.obj' },
            relationships: {
              storage: {
                data: { type: 'objects', id: await storeBytes('table.obj', 'v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n') },
              },
            },
          },
        ],
      }),
    }),
  );
  const second = await json<{ data: { id: string } }>(
    call(`/data/v1/projects/${project.id}/versions`, {
      method: 'POST',
      headers: { 'Content-Type': JSON_API },
      body: JSON.stringify({
        data: {
          type: 'versions',
          attributes: { name: 'table.obj' },
          relationships: {
            item: { data: { type: 'items', id: item.data.id } },
            storage: {
              data: { type: 'objects', id: await storeBytes('table.obj', 'v 0 0 0\nv 2 0 0\nv 0 2 0\nf 1 2 3\n') },
            },
          },
        },
      }),
    }),
  );
  const versions = [item.included![0]!.id, second.data.id];

  const buckets = [
    (await createBucket(platform, twoLegged)).bucketKey,
    (await createBucket(platform, twoLegged, 'transient')).bucketKey,
  ];
  const objectKeys = ['ring.obj', 'plan+é 1.ifc', 'a/b/c.stl'];
  for (const key of objectKeys)
    await putObject(
      platform,
      twoLegged,
      buckets[0]!,
      key,
      new TextEncoder().encode('v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n'),
    );
  const urn = encodeUrn(objectUrn(buckets[0]!, 'ring.obj'));
  await json(
    call('/modelderivative/v2/designdata/job', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        input: { urn },
        output: { formats: [{ type: 'svf2', views: ['3d'] }, { type: 'obj' }, { type: 'thumbnail' }] },
      }),
    }),
  );
  await platform.app.jobs.idle();
  const manifest = await json<Manifest>(call(`/modelderivative/v2/designdata/${urn}/manifest`));
  const guids = (
    await json<MetadataResponse>(call(`/modelderivative/v2/designdata/${urn}/metadata`))
  ).data.metadata.map((view) => view.guid);
  const derivativeUrns = JSON.stringify(manifest).match(/urn:adsk\.viewing:[^"]+/g) ?? [];

  const download = await json<SignedS3DownloadResponse>(
    call(`${objectPath(buckets[0]!, 'ring.obj')}/signeds3download`),
  );
  const upload = await json<SignedS3UploadResponse>(
    call(`${objectPath(buckets[0]!, 'upload.obj')}/signeds3upload?parts=2`),
  );
  const cookies = await call(
    `/modelderivative/v2/designdata/${urn}/manifest/${encodeURIComponent(derivativeUrns[0]!)}/signedcookies`,
  );
  const mdSigned = ((await cookies.json()) as { url?: string }).url;
  const signIn = await openSignIn(platform, authorizeQuery(user.clientId));
  const hook = await call('/webhooks/v1/systems/data/events/dm.version.added/hooks', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ callbackUrl: 'http://127.0.0.1:4000/callback', scope: { folder: folder.data.id } }),
  });
  if (hook.status !== 201) throw new Error(`seeding a hook answered ${hook.status}: ${await hook.text()}`);
  const hookId = hook.headers.get('location')!.split('/').pop()!;

  const downloadIds = versions.map((id) => Buffer.from(id).toString('base64url'));
  const pool: Pool = {
    hubid: [hub.id],
    projectid: projects.map((p) => p.id),
    folderid: [top, folder.data.id],
    itemid: [item.data.id],
    versionid: versions,
    downloadid: [...downloadIds, 'AAAA'],
    jobid: [...downloadIds, 'AA'],
    bucketkey: buckets,
    objectkey: objectKeys,
    newobjkey: ['copy.obj'],
    // Well-encoded URNs of names no design can have, beside the real one.
    urn: [
      urn,
      encodeUrn(objectUrn(buckets[0]!, 'ring\u0000.obj')),
      encodeUrn(objectUrn('a\u0000b', 'c')),
      encodeUrn('urn:adsk.wipprod:fs.file:vf.\u0000'),
    ],
    modelguid: guids,
    guid: guids,
    derivativeurn: derivativeUrns,
    uploadkey: [upload.uploadKey],
    clientid: [user.clientId, server.clientId],
    token: [sacrificial],
    requestid: [signIn.fields.request_id],
    csrf: [signIn.fields.csrf],
    redirecturi: ['http://app.test/auth/callback'],
    type: ['svf2', 'obj'],
    id: [hub.id, project.id, folder.data.id, item.data.id, ...versions, ...downloadIds],
    // Webhooks: a hook on the folder, the systems and events of the catalogue, a cursor of no page.
    hookid: [hookId, crypto.randomUUID()],
    system: ['data', 'derivative', 'adsk.c4r', 'nope'],
    event: ['dm.version.added', 'extraction.finished', 'dm.*', '*', 'model.sync'],
    callbackurl: ['http://127.0.0.1:4000/callback', 'https://example.test/hook', 'ftp://x'],
    folder: [folder.data.id, top],
    workflow: ['wf-1'],
    scopename: ['folder', 'workflow'],
    pagestate: [encodePageState({ at: new Date(0), id: hookId }), 'AAAA'],
    hash: downloadIds,
  };
  return {
    platform,
    pool,
    signedUrls: [download.url!, ...upload.urls, ...(mdSigned ? [mdSigned] : [])],
    cookies: [signIn.cookie],
    credentials: {
      api: [
        twoLegged,
        twoLegged,
        twoLegged,
        user.bearer,
        user.bearer,
        {},
        { Authorization: 'Bearer not-a-token' },
        basicAuth(server.clientId, server.clientSecret),
      ],
      oauth: [
        {},
        {},
        {},
        server.basic,
        server.basic,
        basicAuth(`${server.clientId}\u0000`, 'x'),
        { Authorization: 'Basic %%%' },
        twoLegged,
      ],
    },
  };
}
