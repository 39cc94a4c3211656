import { randomUUID } from 'node:crypto';
import { EMITTED_EVENTS } from '../../../../contracts/webhooks';
import type { EventRecord } from '../../../storage/repos/wh-delivery-rows';
import type { HookRecord } from '../../../storage/repos/wh-hooks';
import { eventPatternMatches } from '../delivery/matcher';

type SampleEvent = Omit<EventRecord, 'id' | 'createdAt'>;

/** The event a test fires: the hook's own, or for a pattern the first emitted event it covers. */
export function sampleEventName(hook: Pick<HookRecord, 'system' | 'event'>): string {
  if (!hook.event.includes('*')) return hook.event;
  return (EMITTED_EVENTS[hook.system] ?? []).find((name) => eventPatternMatches(hook.event, name)) ?? hook.event;
}

/** Seconds, no milliseconds, `+0000`: how Data Management payloads write times (digest §4.3). */
const dmTime = (at: Date) => at.toISOString().replace(/\.\d{3}Z$/, '+0000');

function dataPayload(
  event: string,
  folder: string,
  at: Date,
): { resourceUrn: string; payload: Record<string, unknown> } {
  const common = {
    parentFolderUrn: folder,
    ancestors: [{ urn: folder, name: 'Test folder' }],
    hidden: false,
    modifiedTime: dmTime(at),
    modifiedBy: 'test-user',
    user_info: { id: 'test-user' },
    project: 'test-project',
    tenant: 'test-hub',
    sample: true,
  };
  const id = randomUUID().slice(0, 8);
  if (event.startsWith('dm.folder.')) {
    const source = `urn:adsk.wipprod:fs.folder:co.test-${id}`;
    return { resourceUrn: source, payload: { name: 'Test folder', source, indexable: false, ...common } };
  }
  const source = `urn:adsk.wipprod:fs.file:vf.test-${id}?version=1`;
  return {
    resourceUrn: source,
    payload: {
      ext: 'rvt',
      name: 'test.rvt',
      version: '1',
      state: 'CONTENT_AVAILABLE',
      source,
      lineageUrn: `urn:adsk.wipprod:dm.lineage:test-${id}`,
      sizeInBytes: 1024,
      indexable: true,
      createdTime: dmTime(at),
      creator: 'test-user',
      ...common,
    },
  };
}

function derivativePayload(event: string, at: Date): { resourceUrn: string; payload: Record<string, unknown> } {
  const urn = Buffer.from(`urn:adsk.objects:os.object:test-bucket/test-${randomUUID().slice(0, 8)}.rvt`).toString(
    'base64url',
  );
  const type = event === 'extraction.updated' ? 'EXTRACTION_UPDATED' : 'EXTRACTION_FINISHED';
  const status = event === 'extraction.updated' ? 'inprogress' : 'success';
  return {
    resourceUrn: urn,
    payload: {
      TimeStamp: at.getTime(),
      URN: urn,
      EventType: type,
      Payload: { status, scope: 'test', registerKey: [] },
    },
  };
}

/**
 * A plausible event of the hook's system for a test fire: the payload shapes of digest §4.3 and
 * §4.4, placed in the hook's own scope and marked `sample: true` where the shape allows.
 */
export function sampleEvent(hook: HookRecord, at: Date): SampleEvent {
  const event = sampleEventName(hook);
  const shaped =
    hook.system === 'data'
      ? dataPayload(event, hook.scopeValue, at)
      : hook.system === 'derivative'
        ? derivativePayload(event, at)
        : {
            resourceUrn: `urn:sample:${randomUUID()}`,
            payload: { sample: true, event, [hook.scopeKey]: hook.scopeValue },
          };
  return {
    region: hook.region,
    system: hook.system,
    event,
    scopeKey: hook.scopeKey,
    scopeValues: [hook.scopeValue],
    ...shaped,
  };
}
