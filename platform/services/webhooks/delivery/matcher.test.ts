import { describe, expect, it } from 'vitest';
import { eventPatternMatches, explainMatch, type MatchableEvent, type MatchableHook } from './matcher';

const now = new Date('2026-06-01T00:00:00Z');
const FOLDER = 'urn:adsk.wipprod:fs.folder:co.Sub';

const hook = (fields: Partial<MatchableHook> = {}): MatchableHook => ({
  region: 'US',
  system: 'data',
  event: 'dm.version.added',
  scopeKey: 'folder',
  scopeValue: FOLDER,
  status: 'active',
  expiresAt: null,
  filter: null,
  ...fields,
});

const event: MatchableEvent = {
  region: 'US',
  system: 'data',
  event: 'dm.version.added',
  scopeKey: 'folder',
  scopeValues: [FOLDER, 'urn:adsk.wipprod:fs.folder:co.Root'],
  payload: { ext: 'rvt' },
};

describe('eventPatternMatches', () => {
  it.each([
    ['*', 'dm.version.added', true],
    ['dm.*', 'dm.version.added', true],
    ['*.added', 'dm.folder.added', true],
    ['dm.*.modified', 'dm.version.modified', true],
    ['dm.*.modified', 'dm.version.added', false],
    ['extraction.*', 'extraction.finished', true],
    ['dm.version.added', 'dm.version.added', true],
    ['dm.version.added', 'dm.version.addedX', false],
    // `*` stands for one or more characters, never none, and dots are literal.
    ['dm.version.added*', 'dm.version.added', false],
    ['dm.version.*', 'dm.versionXadded', false],
  ])('%s against %s: %s', (pattern, name, expected) => {
    expect(eventPatternMatches(pattern, name)).toBe(expected);
  });
});

describe('explainMatch', () => {
  it('matches a hook whose every rule holds', () => {
    expect(explainMatch(hook(), event, now)).toEqual({ matched: true, rule: 'matched', reason: expect.any(String) });
  });

  it.each([
    ['region', hook({ region: 'EMEA' }), /region EMEA/],
    ['system', hook({ system: 'derivative' }), /system derivative/],
    ['event', hook({ event: 'dm.folder.*' }), /dm\.folder\.\* does not match dm\.version\.added/],
    ['scope', hook({ scopeValue: 'urn:adsk.wipprod:fs.folder:co.Other' }), /co\.Other is not among/],
    ['scope', hook({ scopeKey: 'workflow' }), /scope is a workflow/],
    ['status', hook({ status: 'inactive' }), /inactive/],
    ['expired', hook({ expiresAt: new Date('2026-05-31T23:59:59Z') }), /expired at 2026-05-31T23:59:59/],
    ['filter', hook({ filter: "$[?(@.ext=='dwg')]" }), /does not match the filter/],
  ] as const)('names %s as the rule that dropped it', (rule, drops, reason) => {
    const answer = explainMatch(drops, event, now);
    expect(answer).toMatchObject({ matched: false, rule });
    expect(answer.reason).toMatch(reason);
  });

  it('gives the first rule, in the digest’s order, when several fail', () => {
    expect(explainMatch(hook({ region: 'EMEA', status: 'inactive', filter: '$[?(@.x)]' }), event, now).rule).toBe(
      'region',
    );
    expect(explainMatch(hook({ status: 'inactive', filter: "$[?(@.ext=='dwg')]" }), event, now).rule).toBe('status');
  });

  it('lets a reactivated hook and an ancestor folder’s hook match, and a filter list that all match', () => {
    expect(explainMatch(hook({ status: 'reactivated' }), event, now).matched).toBe(true);
    expect(explainMatch(hook({ scopeValue: 'urn:adsk.wipprod:fs.folder:co.Root' }), event, now).matched).toBe(true);
    expect(explainMatch(hook({ filter: ["$[?(@.ext=='rvt')]", '$..ext'] }), event, now).matched).toBe(true);
  });

  it('drops, with words, a stored filter that cannot be read', () => {
    const answer = explainMatch(hook({ filter: '$[?(@.ext==)]' }), event, now);
    expect(answer).toMatchObject({ matched: false, rule: 'filter' });
    expect(answer.reason).toMatch(/cannot be read/);
  });

  it('reads MD payloads with PascalCase members', () => {
    const md: MatchableEvent = {
      ...event,
      system: 'derivative',
      event: 'extraction.finished',
      scopeKey: 'workflow',
      scopeValues: ['my-workflow'],
      payload: { EventType: 'EXTRACTION_FINISHED', Payload: { status: 'failed' } },
    };
    const mdHook = hook({
      system: 'derivative',
      event: 'extraction.*',
      scopeKey: 'workflow',
      scopeValue: 'my-workflow',
    });
    expect(explainMatch({ ...mdHook, filter: "$[?(@.Payload.status=='failed')]" }, md, now).matched).toBe(true);
    expect(explainMatch({ ...mdHook, filter: "$[?(@.Payload.status=='success')]" }, md, now).rule).toBe('filter');
  });
});
