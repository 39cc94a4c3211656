import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HookDetails } from '../../../contracts/webhooks';
import type { WebhooksErrorBody } from '../../http/errors';
import type { NewHook } from '../../storage/repos/wh-hooks';
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform';
import { appWithFolder, CALLBACK, createdHookId, patchHook, postHook, sendJson } from '../../testing/webhook-hooks';

let platform: TestPlatform;
let caller: Awaited<ReturnType<typeof appWithFolder>>;
beforeAll(async () => {
  platform = await createTestPlatform();
  caller = await appWithFolder(platform);
});
afterAll(() => platform.close());

/** The 400 a body gets, and the message it names. */
async function refusal(response: Response, status = 400): Promise<string> {
  expect(response.status).toBe(status);
  const body = (await response.json()) as WebhooksErrorBody;
  expect(body).toMatchObject({ id: expect.any(String), status, code: expect.any(String) });
  return body.detail[0]!;
}

describe('creating a hook checks its body (digest §3.1)', () => {
  const valid = () => ({ callbackUrl: CALLBACK, scope: { folder: caller.folder } });

  it.each([
    ['no callbackUrl', { callbackUrl: undefined }, /callbackUrl is required/],
    ['an ftp callbackUrl', { callbackUrl: 'ftp://example.com/x' }, /http or https/],
    ['a callbackUrl that is no URL', { callbackUrl: 'localhost callback' }, /http or https/],
    ['no scope', { scope: undefined }, /scope is required/],
    ['two scope keys', { scope: { folder: 'a', workflow: 'b' } }, /exactly one of: folder/],
    ['a scope key the system does not take', { scope: { workflow: 'wf' } }, /exactly one of: folder/],
    ['an empty scope value', { scope: { folder: ' ' } }, /non-empty string/],
    ['a folder that does not exist', { scope: { folder: 'urn:adsk.wipprod:fs.folder:co.nothing' } }, /does not exist/],
    ['a hookAttribute of 1 KB', { hookAttribute: { note: 'x'.repeat(1020) } }, /smaller than 1024 bytes/],
    ['a hookAttribute that is no object', { hookAttribute: 'text' }, /JSON object/],
    ['an unparsable filter', { filter: "$[?(@.ext=='rvt')" }, /filter cannot be used/],
    ['a filter that is no string', { filter: 5 }, /JsonPath string/],
    ['a hookExpiry that is no date', { hookExpiry: 'tomorrow' }, /ISO 8601/],
    ['an autoReactivateHook that is no boolean', { autoReactivateHook: 'yes' }, /true or false/],
  ])('answers 400 for %s', async (_name, change, message) => {
    expect(await refusal(await postHook(platform, caller.bearer, { ...valid(), ...change }))).toMatch(message);
  });

  it('answers 400 for a callback on a host the operator has not allowed, naming the flag', async () => {
    const response = await postHook(platform, caller.bearer, {
      ...valid(),
      callbackUrl: 'https://hooks.example.com/in',
    });
    expect(await refusal(response)).toMatch(/serve --automation-allow-host hooks\.example\.com allows it/);
  });

  it('takes a callback on a host the operator allowed', async () => {
    const allowing = await createTestPlatform({ automation: { allowHosts: ['hooks.example.com'] } });
    try {
      const app = await appWithFolder(allowing);
      const response = await postHook(allowing, app.bearer, {
        callbackUrl: 'https://hooks.example.com/in',
        scope: { folder: app.folder },
      });
      expect(response.status).toBe(201);
    } finally {
      await allowing.close();
    }
  });

  it('answers 400 for a folder the caller cannot see', async () => {
    const stranger = await appWithFolder(platform);
    const response = await postHook(platform, caller.bearer, { ...valid(), scope: { folder: stranger.folder } });
    expect(await refusal(response)).toMatch(/not allowed to see it/);
  });

  it('answers 400 for a body that is not a JSON object', async () => {
    for (const body of ['{"callbackUrl":', '[]', 'null']) {
      const response = await platform.request('/webhooks/v1/systems/data/events/dm.version.added/hooks', {
        method: 'POST',
        headers: { ...caller.bearer, 'Content-Type': 'application/json' },
        body,
      });
      await refusal(response);
    }
  });

  it('answers 400 for an unknown system, an unknown event, a wildcard that names none', async () => {
    expect(await refusal(await postHook(platform, caller.bearer, valid(), { system: 'adsk.nope' }))).toMatch(
      /Unknown system/,
    );
    expect(await refusal(await postHook(platform, caller.bearer, valid(), { event: 'dm.version.exploded' }))).toMatch(
      /has no event/,
    );
    await refusal(await postHook(platform, caller.bearer, valid(), { event: 'extraction.*' }));
  });

  it('treats null optional fields as absent, as the VS Code extension sends them', async () => {
    const nulls = { filter: null, hookAttribute: null, hookExpiry: null, autoReactivateHook: null, tenant: null };
    const id = await createdHookId(platform, caller.bearer, caller.folder, { event: 'dm.folder.added', extra: nulls });
    const hook = (await (
      await platform.request(`/webhooks/v1/systems/data/events/dm.folder.added/hooks/${id}`, { headers: caller.bearer })
    ).json()) as HookDetails;
    expect(hook).not.toHaveProperty('filter');
    expect(hook).not.toHaveProperty('hookAttribute');
    expect(hook).toMatchObject({ autoReactivateHook: false, tenant: caller.folder });
  });

  it('accepts a hookAttribute just under 1 KB, the documented systems and their scopes', async () => {
    const attribute = { note: 'x'.repeat(1010) };
    expect(Buffer.byteLength(JSON.stringify(attribute))).toBe(1021);
    const body = { ...valid(), callbackUrl: `${CALLBACK}/kb`, hookAttribute: attribute };
    expect((await postHook(platform, caller.bearer, body)).status).toBe(201);
    const other = (system: string, event: string, scope: Record<string, string>) =>
      postHook(platform, caller.bearer, { callbackUrl: CALLBACK, scope }, { system, event });
    expect((await other('adsk.c4r', 'model.sync', { folder: 'urn:adsk.wipprod:fs.folder:co.c4r' })).status).toBe(201);
    expect((await other('adsk.flc.production', 'item.clone', { workspace: '57' })).status).toBe(201);
    expect((await other('adsk.flc.production', 'workflow.transition', { 'workflow.transition': 'x.y' })).status).toBe(
      201,
    );
    expect((await other('autodesk.construction.cost', 'project.initialized-1.0', { account: 'acc' })).status).toBe(201);
    expect((await other('autodesk.construction.issues', 'issue.created-1.0', { project: 'p' })).status).toBe(201);
  });

  it('answers 400 "Failed to create more than 1000 hooks for same scope" past 1000 on one event and scope', async () => {
    const { folder, clientId } = caller;
    const event = 'dm.lineage.reserved';
    const hooks = Array.from({ length: 1000 }, (_, n): NewHook => ({
      ...{ id: crypto.randomUUID(), region: 'US', system: 'data', event, scopeKey: 'folder', scopeValue: folder },
      ...{ callbackUrl: `${CALLBACK}/${n}`, creatorType: 'Application', createdBy: `someone-${n}`, clientId },
      ...{ autoReactivate: false, filter: null, hookAttribute: null, hookExpiry: null, expiresAt: null },
      ...{ tenant: folder, hubId: null, projectId: null, payloadOnly: false },
    }));
    await platform.stores.webhookHooks.createAll(hooks, platform.clock.now(), 1000);
    const response = await postHook(platform, caller.bearer, valid(), { event });
    expect(await refusal(response)).toBe('Failed to create more than 1000 hooks for same scope.');
  });
});

describe('changing a hook checks its body (digest §3.2)', () => {
  it.each([
    ['callbackUrl', { callbackUrl: 'http://elsewhere.test/' }, /cannot be changed/],
    ['scope', { scope: { folder: 'x' } }, /cannot be changed/],
    ['event', { event: 'dm.version.deleted' }, /cannot be changed/],
    ['an unknown status', { status: 'paused' }, /"active" or "inactive"/],
    ['a short token', { token: 'abc' }, /32 to 64 letters and digits/],
    ['a token with symbols', { token: `${'a'.repeat(40)}!` }, /32 to 64 letters and digits/],
    ['an unparsable filter', { filter: '$[?(@.ext==)]' }, /filter cannot be used/],
    ['a hookAttribute of 1 KB', { hookAttribute: { note: 'x'.repeat(1020) } }, /smaller than 1024/],
  ])('answers 400 for %s', async (_name, change, message) => {
    const id = await createdHookId(platform, caller.bearer, caller.folder, {
      event: 'dm.version.moved',
      extra: { callbackUrl: `${CALLBACK}/${crypto.randomUUID()}` },
    });
    const path = `/systems/data/events/dm.version.moved/hooks/${id}`;
    expect(await refusal(await patchHook(platform, caller.bearer, path, change))).toMatch(message);
  });

  it('answers 413 for a body far larger than any hook needs', async () => {
    const response = await platform.request(
      '/webhooks/v1/systems/data/events/dm.version.added/hooks',
      sendJson(caller.bearer, { callbackUrl: CALLBACK, scope: { folder: caller.folder }, pad: 'x'.repeat(70_000) }),
    );
    await refusal(response, 413);
  });
});
