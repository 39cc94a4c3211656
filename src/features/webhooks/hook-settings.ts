import type { HookDetails, ModifyHookPayload } from '../../../contracts/webhooks';
import type { HookField } from '../../api/webhooks/errors';

/** What the settings form holds: text as typed, turned into a PATCH body only on save. */
export interface SettingsDraft {
  status: 'active' | 'inactive';
  /** One JsonPath per line; several must all match. */
  filter: string;
  /** A JSON object, or empty for none. */
  hookAttribute: string;
  /** A new secret for this hook alone; empty leaves the secret as it is. */
  secret: string;
  /** `datetime-local` text in the person's time zone; empty for never. */
  expiry: string;
  autoReactivate: boolean;
}

export type FieldErrors = Partial<Record<HookField, string>>;

/** The secret rule the service applies, checked before asking. */
export const SECRET_PATTERN = /^[A-Za-z0-9]{32,64}$/;
export const SECRET_RULE = 'A secret is 32 to 64 letters and digits.';
/** The service refuses an attribute of 1 KB or more. */
const MAX_ATTRIBUTE_BYTES = 1024;

const pad = (value: number) => String(value).padStart(2, '0');

/** An instant as `datetime-local` text in the browser's time zone. */
export function toLocalInput(iso: string | undefined): string {
  const at = iso ? Date.parse(iso) : Number.NaN;
  if (Number.isNaN(at)) return '';
  const date = new Date(at);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export const filterLines = (filter: HookDetails['filter']) => [filter ?? []].flat().join('\n');

export function draftOf(hook: HookDetails): SettingsDraft {
  return {
    status: hook.status === 'inactive' ? 'inactive' : 'active',
    filter: filterLines(hook.filter),
    hookAttribute: hook.hookAttribute ? JSON.stringify(hook.hookAttribute, null, 2) : '',
    secret: '',
    expiry: toLocalInput(hook.hookExpiry),
    autoReactivate: hook.autoReactivateHook,
  };
}

/** The filter as the service takes it: one string, or a list when there are several. */
export function filterValue(text: string): string | string[] | null {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines.length === 0) return null;
  return lines.length === 1 ? lines[0]! : lines;
}

/** The attribute as the service takes it, or the rule it breaks. */
export function attributeValue(text: string): { value: Record<string, unknown> | null } | { error: string } {
  if (text.trim() === '') return { value: null };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { error: 'The attribute is not valid JSON.' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return { error: 'The attribute is a JSON object, such as {"projectId": "b.123"}.' };
  if (new TextEncoder().encode(JSON.stringify(parsed)).length >= MAX_ATTRIBUTE_BYTES)
    return { error: 'The attribute must be smaller than 1 KB.' };
  return { value: parsed as Record<string, unknown> };
}

/**
 * The PATCH body for what changed between the hook and the draft (missing = unchanged, null =
 * cleared), or the fields that cannot be sent as typed.
 */
export function settingsChange(
  hook: HookDetails,
  draft: SettingsDraft,
): { change: ModifyHookPayload } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const change: ModifyHookPayload = {};
  const before = draftOf(hook);
  if (draft.status !== before.status) change.status = draft.status;
  if (draft.filter.trim() !== before.filter.trim()) change.filter = filterValue(draft.filter);
  if (draft.hookAttribute.trim() !== before.hookAttribute.trim()) {
    const attribute = attributeValue(draft.hookAttribute);
    if ('error' in attribute) errors.hookAttribute = attribute.error;
    else change.hookAttribute = attribute.value;
  }
  if (draft.secret !== '') {
    if (SECRET_PATTERN.test(draft.secret)) change.token = draft.secret;
    else errors.token = SECRET_RULE;
  }
  if (draft.expiry !== before.expiry) {
    const at = draft.expiry ? Date.parse(draft.expiry) : null;
    if (at !== null && Number.isNaN(at)) errors.hookExpiry = 'The expiry is not a date and time.';
    else change.hookExpiry = at === null ? null : new Date(at).toISOString();
  }
  if (draft.autoReactivate !== before.autoReactivate) change.autoReactivateHook = draft.autoReactivate;
  return Object.keys(errors).length > 0 ? { errors } : { change };
}
