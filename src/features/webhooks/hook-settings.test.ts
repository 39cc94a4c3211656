import { describe, expect, it } from 'vitest';
import type { HookDetails } from '../../../contracts/webhooks';
import { filterHooks, groupHooks, parseHookDate } from './hook-groups';
import { draftOf, settingsChange } from './hook-settings';
import { planNotify, initialDraft } from './notify-plan';

const hook = (over: Partial<HookDetails> = {}): HookDetails => ({
  hookId: 'h',
  tenant: 'urn:f',
  callbackUrl: 'http://localhost:4000/cb',
  createdBy: 'u',
  event: 'dm.version.added',
  createdDate: '2026-12-07T10:15:04.444+0000',
  lastUpdatedDate: '2026-12-07T10:15:04.444+0000',
  system: 'data',
  creatorType: 'O2User',
  status: 'active',
  autoReactivateHook: false,
  scope: { folder: 'urn:f' },
  urn: 'urn:adsk.webhooks:events.hook:h',
  __self__: '/systems/data/events/dm.version.added/hooks/h',
  ...over,
});

describe('settingsChange', () => {
  it('sends only what changed, null for what was cleared', () => {
    const before = hook({ filter: "$[?(@.ext=='rvt')]", hookExpiry: '2027-01-31T00:00:00.000Z' });
    const draft = { ...draftOf(before), status: 'inactive' as const, filter: '', expiry: '' };
    expect(settingsChange(before, draft)).toEqual({ change: { status: 'inactive', filter: null, hookExpiry: null } });
    expect(settingsChange(before, draftOf(before))).toEqual({ change: {} });
  });

  it('turns several filter lines into a list and refuses what the service would', () => {
    const before = hook();
    expect(settingsChange(before, { ...draftOf(before), filter: 'a\n\n b ' })).toEqual({
      change: { filter: ['a', 'b'] },
    });
    expect(settingsChange(before, { ...draftOf(before), hookAttribute: '[1]', secret: 'short' })).toEqual({
      errors: {
        hookAttribute: 'The attribute is a JSON object, such as {"projectId": "b.123"}.',
        token: 'A secret is 32 to 64 letters and digits.',
      },
    });
    expect(settingsChange(before, { ...draftOf(before), secret: 'a'.repeat(40) })).toEqual({
      change: { token: 'a'.repeat(40) },
    });
  });
});

describe('groupHooks and filterHooks', () => {
  it('group by system (data first), then event, newest hook first', () => {
    const hooks = [
      hook({ hookId: '1', system: 'derivative', event: 'extraction.finished' }),
      hook({ hookId: '2', createdDate: '2026-01-01T00:00:00.000+0000' }),
      hook({ hookId: '3', createdDate: '2026-02-01T00:00:00.000+0000' }),
      hook({ hookId: '4', event: 'dm.folder.added' }),
    ];
    expect(
      groupHooks(hooks).map((group) => [
        group.system,
        group.events.map((e) => [e.event, e.hooks.map((h) => h.hookId)]),
      ]),
    ).toEqual([
      [
        'data',
        [
          ['dm.folder.added', ['4']],
          ['dm.version.added', ['3', '2']],
        ],
      ],
      ['derivative', [['extraction.finished', ['1']]]],
    ]);
  });

  it('match every word against the event, URL, status and the folder’s name', () => {
    const hooks = [
      hook({ hookId: '1' }),
      hook({ hookId: '2', status: 'inactive', callbackUrl: 'https://other.test/x' }),
    ];
    expect(filterHooks(hooks, 'INACTIVE other').map((h) => h.hookId)).toEqual(['2']);
    expect(
      filterHooks(hooks, 'furniture', (h) => (h.hookId === '1' ? 'Furniture' : undefined)).map((h) => h.hookId),
    ).toEqual(['1']);
  });

  it('read the service’s +0000 timestamps', () => {
    expect(parseHookDate('2026-12-07T10:15:04.444+0000')).toBe(Date.UTC(2026, 11, 7, 10, 15, 4, 444));
  });
});

describe('planNotify', () => {
  const folder = { hubId: 'b.hub', projectId: 'b.p', folderId: 'urn:f', name: 'Furniture' };

  it('scopes the hook to the folder and carries its project, so the folder can be named later', () => {
    const planned = planNotify(folder, { ...initialDraft(), callbackUrl: ' http://localhost:9/cb ', filter: 'x' });
    expect(planned).toEqual({
      plan: {
        region: 'US',
        events: ['dm.version.added'],
        secret: null,
        payload: {
          callbackUrl: 'http://localhost:9/cb',
          scope: { folder: 'urn:f' },
          hubId: 'b.hub',
          projectId: 'b.p',
          filter: 'x',
        },
      },
    });
  });

  it('says what to fix, per field', () => {
    expect(planNotify(folder, { ...initialDraft(), callbackUrl: 'ftp://x', choice: 'several', secret: 'x' })).toEqual({
      errors: {
        callbackUrl: 'The callback URL is an http or https address, such as http://localhost:3000/hook.',
        events: 'Choose at least one event.',
        token: 'A secret is 32 to 64 letters and digits.',
      },
    });
  });
});
