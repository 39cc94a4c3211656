import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DaAppBundle, DaPage, DaServiceLimit, WorkItemStatus } from '../../../contracts/design-automation';
import { bundleZip, daApp, daJson, daRequest, postUpload } from '../../testing/design-automation';
import { FAKE_AUTODESK_ENGINE_ID, FAKE_ENGINE_ID } from '../../testing/fake-automation-engine';
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await createTestPlatform();
});
afterAll(async () => {
  await platform.close();
});

let names = 0;
async function nicknamed(prefix: string) {
  const app = await daApp(platform);
  const nickname = `${prefix}${++names}`;
  expect((await daRequest(platform, app.bearer, 'PATCH', '/forgeapps/me', { nickname })).status).toBe(200);
  return { ...app, nickname };
}

describe('forgeapps/me', () => {
  it('answers the client id as a bare string until a nickname is set, then the nickname; the record once a public key is registered', async () => {
    const app = await daApp(platform);
    expect(await (await daRequest(platform, app.bearer, 'GET', '/forgeapps/me')).text()).toBe(
      JSON.stringify(app.clientId),
    );
    const set = await daRequest(platform, app.bearer, 'PATCH', '/forgeapps/me', { nickname: `Nick${++names}` });
    expect(set.status).toBe(200);
    expect(await set.text()).toBe('');
    expect(await daJson(platform, app.bearer, 'GET', '/forgeapps/me')).toBe(`Nick${names}`);
    await daRequest(platform, app.bearer, 'PATCH', '/forgeapps/me', {
      nickname: `Nick${names}`,
      publicKey: { Exponent: 'AQ==', Modulus: 'Ag==' },
    });
    expect(await daJson(platform, app.bearer, 'GET', '/forgeapps/me')).toEqual({
      nickname: `Nick${names}`,
      publicKey: { Exponent: 'AQ==', Modulus: 'Ag==' },
    });
    expect((await daRequest(platform, app.bearer, 'GET', '/forgeapps/someone-else')).status).toBe(403);
  });

  it('keeps a nickname to one app, refuses a change while the app owns data, and DELETE removes both', async () => {
    const first = await nicknamed('Owner');
    const second = await daApp(platform);
    const taken = await daRequest(platform, second.bearer, 'PATCH', '/forgeapps/me', {
      nickname: first.nickname.toLowerCase(),
    });
    expect(taken.status).toBe(409);
    expect(typeof (await taken.json())).toBe('string');
    expect((await daRequest(platform, second.bearer, 'PATCH', '/forgeapps/me', { nickname: 'has space' })).status).toBe(
      400,
    );
    await daJson(platform, first.bearer, 'POST', '/appbundles', { id: 'Tool', engine: FAKE_ENGINE_ID });
    expect((await daRequest(platform, first.bearer, 'PATCH', '/forgeapps/me', { nickname: 'Renamed' })).status).toBe(
      409,
    );
    expect((await daRequest(platform, first.bearer, 'DELETE', '/forgeapps/me')).status).toBe(200);
    expect(await daJson(platform, first.bearer, 'GET', '/forgeapps/me')).toBe(first.clientId);
    expect(await daJson(platform, first.bearer, 'GET', '/appbundles')).toEqual({ paginationToken: null, data: [] });
    expect((await daRequest(platform, first.bearer, 'PATCH', '/forgeapps/me', { nickname: 'Renamed' })).status).toBe(
      200,
    );
  });
});

describe('sharing between apps', () => {
  it('shows another app only the aliases shared with it, lets it run a shared activity, and lists the shares', async () => {
    const owner = await nicknamed('Sharer');
    const other = await nicknamed('Receiver');
    const stranger = await nicknamed('Stranger');
    const bundle = await daJson<DaAppBundle>(platform, owner.bearer, 'POST', '/appbundles', {
      id: 'Tool',
      engine: FAKE_ENGINE_ID,
    });
    expect((await postUpload(platform, bundle.uploadParameters!, bundleZip())).status).toBe(200);
    await daJson(platform, owner.bearer, 'POST', '/appbundles/Tool/aliases', { id: 'prod', version: 1 });
    await daJson(platform, owner.bearer, 'POST', '/activities', {
      id: 'Hello',
      engine: FAKE_ENGINE_ID,
      commandLine: ['$(engine.path)/fake print hello "$(appbundles[Tool].path)"'],
      appbundles: [`${owner.nickname}.Tool+prod`],
    });
    expect(
      await daJson(platform, owner.bearer, 'POST', '/activities/Hello/aliases', {
        id: 'shared',
        version: 1,
        receiver: other.nickname,
      }),
    ).toEqual({ version: 1, id: 'shared', receiver: other.nickname });
    await daJson(platform, owner.bearer, 'POST', '/activities/Hello/aliases', { id: 'mine', version: 1 });
    expect(
      (
        await daRequest(platform, owner.bearer, 'POST', '/activities/Hello/aliases', {
          id: 'x',
          version: 1,
          receiver: 'NoSuchApp',
        })
      ).status,
    ).toBe(400);

    expect(await daJson(platform, other.bearer, 'GET', '/activities')).toEqual({
      paginationToken: null,
      data: [`${owner.nickname}.Hello+shared`],
    });
    expect(await daJson(platform, other.bearer, 'GET', `/activities/${owner.nickname}.Hello+shared`)).toMatchObject({
      id: `${owner.nickname}.Hello+shared`,
    });
    for (const id of ['mine', '$LATEST'])
      expect((await daRequest(platform, other.bearer, 'GET', `/activities/${owner.nickname}.Hello+${id}`)).status).toBe(
        404,
      );
    expect(
      (await daRequest(platform, stranger.bearer, 'GET', `/activities/${owner.nickname}.Hello+shared`)).status,
    ).toBe(404);
    expect((await daRequest(platform, other.bearer, 'DELETE', '/activities/Hello')).status).toBe(404);
    expect(await daJson(platform, owner.bearer, 'GET', '/shares')).toEqual({
      paginationToken: null,
      data: [{ id: 'Hello+shared', receiver: other.nickname, type: 'activity' }],
    });

    // The shared activity runs for the receiver, with the owner's appbundle; the workitem is the receiver's alone.
    const workitem = await daJson<WorkItemStatus>(platform, other.bearer, 'POST', '/workitems', {
      activityId: `${owner.nickname}.Hello+shared`,
    });
    await platform.app.workitems.idle();
    expect((await daJson<WorkItemStatus>(platform, other.bearer, 'GET', `/workitems/${workitem.id}`)).status).toBe(
      'success',
    );
    expect((await daRequest(platform, owner.bearer, 'GET', `/workitems/${workitem.id}`)).status).toBe(404);
    expect((await daRequest(platform, owner.bearer, 'DELETE', `/workitems/${workitem.id}`)).status).toBe(404);
    const stranded = await daRequest(platform, stranger.bearer, 'POST', '/workitems', {
      activityId: `${owner.nickname}.Hello+shared`,
    });
    expect(await stranded.json()).toEqual({
      activityId: [`The activity '${owner.nickname}.Hello+shared' does not exist or is not shared with this app.`],
    });
  });
});

describe('engines, limits and health', () => {
  it('lists the engines, Autodesk ones included, and describes one', async () => {
    const { bearer } = await daApp(platform);
    expect(await daJson<DaPage<string>>(platform, bearer, 'GET', '/engines')).toEqual({
      paginationToken: null,
      data: [FAKE_ENGINE_ID, FAKE_AUTODESK_ENGINE_ID],
    });
    expect(await daJson(platform, bearer, 'GET', `/engines/${encodeURIComponent(FAKE_AUTODESK_ENGINE_ID)}`)).toEqual({
      id: FAKE_AUTODESK_ENGINE_ID,
      description: expect.stringContaining('does not run here'),
      productVersion: '25.0',
      version: 1,
    });
    expect((await daRequest(platform, bearer, 'GET', '/engines/Autodesk.Revit+1999')).status).toBe(404);
  });

  it('reports the service limits, takes a lower processing time per engine product and nothing else', async () => {
    const { bearer } = await daApp(platform);
    const limits = await daJson<DaServiceLimit>(platform, bearer, 'GET', '/servicelimits/me');
    expect(limits.frontendLimits).toMatchObject({
      limitPayloadSizeInKB: 16,
      limitVersions: 100,
      limitAliases: 100,
      limitAppUploadSizeInMB: 100,
    });
    expect(limits.backendLimits).toEqual({
      Fake: { limitProcessingTimeSec: 300, limitTotalUncompressedAppsSizeInMB: 500 },
      AutoCAD: { limitProcessingTimeSec: 100, limitTotalUncompressedAppsSizeInMB: 500 },
    });
    const change = { backendLimits: { Fake: { limitProcessingTimeSec: 60 } } };
    expect(await daJson(platform, bearer, 'PUT', '/servicelimits/me', change)).toEqual(change);
    expect((await daJson<DaServiceLimit>(platform, bearer, 'GET', '/servicelimits/me')).backendLimits['Fake']).toEqual({
      limitProcessingTimeSec: 60,
      limitTotalUncompressedAppsSizeInMB: 500,
    });
    for (const body of [
      { backendLimits: { Fake: { limitProcessingTimeSec: 301 } } },
      { backendLimits: { Nope: { limitProcessingTimeSec: 5 } } },
      { frontendLimits: { limitMonthlyProcessingTimeInHours: 5 } },
    ]) {
      expect((await daRequest(platform, bearer, 'PUT', '/servicelimits/me', body)).status).toBe(400);
    }
    expect((await daRequest(platform, bearer, 'DELETE', '/servicelimits/me')).status).toBe(204);
    expect(
      (await daJson<DaServiceLimit>(platform, bearer, 'GET', '/servicelimits/me')).backendLimits['Fake']
        ?.limitProcessingTimeSec,
    ).toBe(300);
  });

  it('answers health without a token, saying when an engine does not run here', async () => {
    expect(await (await platform.request('/da/us-east/v3/health/Fake')).json()).toEqual({
      Status: 'Fully Operational',
    });
    expect(await (await platform.request('/da/us-east/v3/health/AutoCAD')).json()).toEqual({
      Status: 'Not available on this platform',
    });
    expect((await platform.request('/da/us-east/v3/health/Nothing')).status).toBe(404);
  });
});

describe('access', () => {
  it('refuses a missing token or one without code:all with the gateway bodies, and unknown routes in the service format', async () => {
    const none = await platform.request('/da/us-east/v3/appbundles');
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ errorCode: 'AUTH-012' });
    const { bearer } = await daApp(platform, 'data:read');
    const scope = await daRequest(platform, bearer, 'GET', '/appbundles');
    expect(scope.status).toBe(403);
    expect(await scope.json()).toMatchObject({ errorCode: 'AUTH-010' });
    const route = await platform.request('/da/us-east/v3/nothing/here');
    expect(route.status).toBe(404);
    expect(typeof (await route.json())).toBe('string');
    expect((await platform.request('/da/eu-central/v3/appbundles')).status).toBe(404);
  });
});

describe('rate limits', () => {
  it('answers the 101st request of a minute with 429, Retry-After and the gateway body; GET workitem has a budget of its own', async () => {
    const limited = await createTestPlatform({
      rateLimits: { ...platform.deps.config.rateLimits, 'design-automation': 3, 'design-automation-status': 2 },
    });
    try {
      const { bearer } = await daApp(limited);
      for (let index = 0; index < 3; index++)
        expect((await daRequest(limited, bearer, 'GET', '/engines')).status).toBe(200);
      const refused = await daRequest(limited, bearer, 'GET', '/engines');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await refused.json()).toEqual({ developerMessage: 'Quota limit exceeded.' });
      for (let index = 0; index < 2; index++)
        expect((await daRequest(limited, bearer, 'GET', '/workitems/0123')).status).toBe(404);
      expect((await daRequest(limited, bearer, 'GET', '/workitems/0123')).status).toBe(429);
      limited.clock.advance(120);
      expect((await daRequest(limited, bearer, 'GET', '/engines')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
