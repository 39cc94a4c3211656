import { ApsConfiguration, SdkManagerBuilder, StaticAuthenticationProvider } from '@aps_sdk/autodesk-sdkmanager';
import { AuthenticationClient, Scopes } from '@aps_sdk/authentication';
import { DataManagementClient } from '@aps_sdk/data-management';
import { ModelDerivativeClient, OutputType } from '@aps_sdk/model-derivative';
import { OssClient, PolicyKey, Region } from '@aps_sdk/oss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ITEM_TYPE, VERSION_TYPE } from '../../contracts/data-management';
import { encodeUrn } from '../../contracts/model-derivative';
import { objectUrn, parseObjectUrn } from '../../contracts/oss';
import { authorizeCode, confidentialApp, TEST_CALLBACK, TEST_VERIFIER } from '../testing/oauth-flow';
import { MD_SCOPES } from '../testing/model-derivative';
import { sha1, someBytes, uniqueBucketKey } from '../testing/oss';
import { SIGNED_ROUTE } from './signed-rewrite';
import { startGatewayStack, type GatewayStack } from '../testing/gateway';

// The official clients with the gateway as their base address: what a tool written for APS sees.
let stack: GatewayStack;
beforeAll(async () => {
  stack = await startGatewayStack();
});
afterAll(async () => {
  expect(stack.leaks).toEqual([]);
  expect(stack.responsesScanned()).toBeGreaterThan(10);
  await stack.close();
});

function sdkManager() {
  const config = new ApsConfiguration({});
  config.BaseAddress = stack.url as unknown as URL;
  return SdkManagerBuilder.create().addApsConfiguration(config).build();
}

const throughGateway = (url: string | undefined) =>
  expect(url).toMatch(new RegExp(`^${stack.url}${SIGNED_ROUTE}/[\\w-]+\\.[\\w-]+$`));

describe('@aps_sdk/* through the gateway', () => {
  it('2-legged: creates a bucket, uploads 12 MB through rewritten signed part URLs, downloads through a rewritten URL', async () => {
    const machine = await confidentialApp(stack.platform, 'server');
    const auth = new AuthenticationClient({ sdkManager: sdkManager() });
    const token = await auth.getTwoLeggedToken(machine.clientId, machine.clientSecret, [
      Scopes.BucketCreate,
      Scopes.BucketRead,
      Scopes.BucketDelete,
      Scopes.DataRead,
      Scopes.DataWrite,
      Scopes.DataCreate,
    ]);
    const oss = new OssClient({
      sdkManager: sdkManager(),
      authenticationProvider: new StaticAuthenticationProvider(token.access_token),
    });
    const bucketKey = uniqueBucketKey('gateway');
    expect(await oss.createBucket(Region.Us, { bucketKey, policyKey: PolicyKey.Transient })).toMatchObject({
      bucketKey,
      bucketOwner: machine.clientId,
    });

    const signedUpload = await oss.signedS3Upload(bucketKey, 'probe.bin', { parts: 2 });
    signedUpload.urls?.forEach(throughGateway);

    const bytes = someBytes(12 * 1024 * 1024);
    const uploaded = await oss.uploadObject(bucketKey, 'plant model.nwd', Buffer.from(bytes));
    expect(uploaded).toMatchObject({ bucketKey, objectKey: 'plant model.nwd', size: bytes.length });
    expect(await oss.getObjectDetails(bucketKey, 'plant model.nwd')).toMatchObject({
      size: bytes.length,
      sha1: sha1(bytes),
    });

    const download = await oss.signedS3Download(bucketKey, 'plant model.nwd');
    throughGateway(download.url);
    const whole = await fetch(download.url!);
    expect(whole.status).toBe(200);
    expect(sha1(new Uint8Array(await whole.arrayBuffer()))).toBe(sha1(bytes));
    const range = await fetch(download.url!, { headers: { Range: 'bytes=100-199' } });
    expect(range.status).toBe(206);
    expect(Buffer.from(await range.arrayBuffer())).toEqual(Buffer.from(bytes.subarray(100, 200)));

    await oss.deleteObject(bucketKey, 'plant model.nwd');
    await oss.deleteBucket(bucketKey);
    await expect(oss.getBucketDetails(bucketKey)).rejects.toThrow(/404/);
  });

  it('3-legged: signs in, browses hubs, projects and folders, uploads a file and a version, downloads it', async () => {
    const user = await stack.platform.addUser();
    const hub = await stack.platform.addHub('Gateway Hub', [user.email]);
    const project = await stack.platform.addProject(hub.id, 'Gateway Project');
    const code = await authorizeCode(stack.platform, {
      clientId: stack.web.clientId,
      email: user.email,
      password: user.password,
      scope: 'data:read data:write data:create',
    });
    const tokens = await new AuthenticationClient({ sdkManager: sdkManager() }).getThreeLeggedToken(
      stack.web.clientId,
      code,
      TEST_CALLBACK,
      { code_verifier: TEST_VERIFIER },
    );
    const authenticationProvider = new StaticAuthenticationProvider(tokens.access_token);
    const dm = new DataManagementClient({ sdkManager: sdkManager(), authenticationProvider });
    const oss = new OssClient({ sdkManager: sdkManager(), authenticationProvider });

    expect((await dm.getHubs()).data?.map((h) => h.id)).toEqual([hub.id]);
    expect((await dm.getHubProjects(hub.id)).data?.[0]?.attributes?.name).toBe('Gateway Project');
    const folderId = (await dm.getProjectTopFolders(hub.id, project.id)).data![0]!.id;
    const storage = await dm.createStorage(project.id, {
      jsonapi: { version: '1.0' },
      data: {
        type: 'objects',
        attributes: { name: 'site.ifc' },
        relationships: { target: { data: { type: 'folders', id: folderId } } },
      },
    } as never);
    const storageId = String((storage as { data?: { id?: unknown } }).data?.id);
    const { bucketKey, objectKey } = parseObjectUrn(storageId)!;
    const bytes = Buffer.from('ISO-10303-21; through the gateway');
    await oss.uploadObject(bucketKey, objectKey, bytes);
    const item = await dm.createItem(project.id, {
      jsonapi: { version: '1.0' },
      data: {
        type: 'items',
        attributes: { displayName: 'site.ifc', extension: { type: ITEM_TYPE, version: '1.0' } },
        relationships: {
          tip: { data: { type: 'versions', id: '1' } },
          parent: { data: { type: 'folders', id: folderId } },
        },
      },
      included: [
        {
          type: 'versions',
          id: '1',
          attributes: { name: 'site.ifc', extension: { type: VERSION_TYPE, version: '1.0' } },
          relationships: { storage: { data: { type: 'objects', id: storageId } } },
        },
      ],
    } as never);
    const contents = await dm.getFolderContents(project.id, folderId);
    expect(contents.data?.map((entry) => entry.id)).toContain(item.data!.id);

    const download = await oss.signedS3Download(bucketKey, objectKey);
    throughGateway(download.url);
    expect(Buffer.from(await (await fetch(download.url!)).arrayBuffer())).toEqual(bytes);
  });

  it('Model Derivative: starts a job, reads the manifest, downloads a derivative through rewritten signed-cookie URLs', async () => {
    const machine = await confidentialApp(stack.platform, 'server');
    const token = await new AuthenticationClient({ sdkManager: sdkManager() }).getTwoLeggedToken(
      machine.clientId,
      machine.clientSecret,
      MD_SCOPES.split(' ') as Scopes[],
    );
    const authenticationProvider = new StaticAuthenticationProvider(token.access_token);
    const oss = new OssClient({ sdkManager: sdkManager(), authenticationProvider });
    const md = new ModelDerivativeClient({ sdkManager: sdkManager(), authenticationProvider });
    const bucketKey = uniqueBucketKey('gateway-md');
    await oss.createBucket(Region.Us, { bucketKey, policyKey: PolicyKey.Transient });
    await oss.uploadObject(bucketKey, 'house.ifc', Buffer.from('ISO-10303-21;\nEND-ISO-10303-21;\n'));
    const urn = encodeUrn(objectUrn(bucketKey, 'house.ifc'));

    expect(await md.startJob({ input: { urn }, output: { formats: [{ type: OutputType.Obj }] } })).toMatchObject({
      result: 'created',
      urn,
    });
    await stack.platform.app.jobs.idle();
    const manifest = await md.getManifest(urn);
    expect(manifest).toMatchObject({ urn, status: 'success', progress: 'complete' });
    const obj = manifest.derivatives
      .find((derivative) => derivative.outputType === 'obj')
      ?.children?.find((child) => child.urn?.endsWith('.obj'));
    expect(obj?.urn).toBeDefined();

    // The SDK reads the signed cookies and appends them to the URL; the gateway sends the originals itself.
    const signed = await md.getDerivativeUrl(obj!.urn, urn, { minutesExpiration: 10 });
    throughGateway(signed.url?.split('?')[0]);
    const whole = await fetch(signed.url!);
    expect(whole.status).toBe(200);
    expect(await whole.text()).toContain('v 0 0 0');
    expect(Number(whole.headers.get('content-length'))).toBe(signed.size);

    // The plain HTTP answer: the rewritten URL, and cookies scoped to the gateway's signed route.
    const direct = await fetch(
      `${stack.url}/modelderivative/v2/designdata/${urn}/manifest/${encodeURIComponent(obj!.urn)}/signedcookies?minutes-expiration=10`,
      { headers: { Authorization: `Bearer ${token.access_token}` } },
    );
    const body = (await direct.json()) as { url: string; expiration: number };
    throughGateway(body.url);
    expect(
      direct.headers.getSetCookie().every((line) => line.includes(`Path=${SIGNED_ROUTE}/`) && !/domain=/i.test(line)),
    ).toBe(true);
    const range = await fetch(body.url, { headers: { Range: 'bytes=0-6' } });
    expect(range.status).toBe(206);
    expect(await range.text()).toBe('v 0 0 0');
    // The token expires with the upstream's cookies.
    stack.platform.clock.advance(11 * 60);
    expect((await fetch(body.url)).status).toBe(403);
  });

  it('Webhooks: creates, lists and deletes a hook through the gateway', async () => {
    const machine = await confidentialApp(stack.platform, 'server');
    const auth = new AuthenticationClient({ sdkManager: sdkManager() });
    const token = await auth.getTwoLeggedToken(machine.clientId, machine.clientSecret, [
      Scopes.DataRead,
      Scopes.DataWrite,
    ]);
    const headers = { Authorization: `Bearer ${token.access_token}`, 'Content-Type': 'application/json' };
    const hooks = `${stack.url}/webhooks/v1/systems/derivative/events/extraction.finished/hooks`;
    const created = await fetch(hooks, {
      method: 'POST',
      headers,
      body: JSON.stringify({ callbackUrl: 'http://127.0.0.1:9/callback', scope: { workflow: 'gateway-flow' } }),
    });
    expect(created.status).toBe(201);
    const id = created.headers.get('location')?.split('/').pop();
    const listed = (await (await fetch(`${stack.url}/webhooks/v1/app/hooks`, { headers })).json()) as {
      data: { hookId: string }[];
    };
    expect(listed.data.map((hook) => hook.hookId)).toEqual([id]);
    expect((await fetch(`${hooks}/${id}`, { method: 'DELETE', headers })).status).toBe(204);
  });
});
