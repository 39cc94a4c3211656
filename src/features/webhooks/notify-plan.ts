import { EMITTED_EVENTS, type HookPayload, type WebhookRegion } from '../../../contracts/webhooks';
import { filterValue, SECRET_PATTERN, SECRET_RULE, type FieldErrors } from './hook-settings';

/** The folder a person asked to be told about, as browse knows it. */
export interface NotifyFolder {
  hubId: string;
  projectId: string;
  folderId: string;
  name: string;
}

export type EventChoice = 'one' | 'several' | 'all';

export interface NotifyDraft {
  region: WebhookRegion;
  callbackUrl: string;
  choice: EventChoice;
  event: string;
  events: string[];
  filter: string;
  secret: string;
}

export const DATA_EVENTS = EMITTED_EVENTS['data'] ?? [];

export const initialDraft = (): NotifyDraft => ({
  region: 'US',
  callbackUrl: '',
  choice: 'one',
  event: 'dm.version.added',
  events: [],
  filter: '',
  secret: '',
});

/** What to ask the service for: one create per event, or the system-wide create; then each hook's secret. */
export interface NotifyPlan {
  region: WebhookRegion;
  /** Null: every event of the data system in one call. */
  events: string[] | null;
  payload: HookPayload;
  secret: string | null;
}

/** The draft as requests, or the fields to fix first, each in words. */
export function planNotify(folder: NotifyFolder, draft: NotifyDraft): { plan: NotifyPlan } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const url = draft.callbackUrl.trim();
  let parsed: URL | null = null;
  try {
    parsed = new URL(url);
  } catch {
    parsed = null;
  }
  if (!url) errors.callbackUrl = 'Enter the URL to notify.';
  else if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:'))
    errors.callbackUrl = 'The callback URL is an http or https address, such as http://localhost:3000/hook.';
  const events = draft.choice === 'all' ? null : draft.choice === 'one' ? [draft.event] : draft.events;
  if (events && events.length === 0) errors.events = 'Choose at least one event.';
  const secret = draft.secret.trim();
  if (secret && !SECRET_PATTERN.test(secret)) errors.token = SECRET_RULE;
  if (Object.keys(errors).length > 0) return { errors };

  const filter = filterValue(draft.filter);
  const payload: HookPayload = {
    callbackUrl: url,
    scope: { folder: folder.folderId },
    // Documented fields the service keeps and returns, so the hook can name its folder later.
    hubId: folder.hubId,
    projectId: folder.projectId,
    ...(filter !== null ? { filter } : {}),
  };
  return { plan: { region: draft.region, events, payload, secret: secret || null } };
}
