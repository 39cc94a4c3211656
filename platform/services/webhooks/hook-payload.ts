import { callbackHostAllowed, callbackHostMessage } from '../../http/outbound-hosts';
import { compileFilter, FilterError } from './delivery/filter';
import { badInput } from './body';
import type { CatalogueEvent } from './catalogue';

/** The settings a create may give and a PATCH may change; `null` clears, `undefined` leaves alone. */
export interface HookSettings {
  filter?: string | string[] | null;
  hookAttribute?: Record<string, unknown> | null;
  /** Kept as given, and parsed into `expiresAt`. */
  hookExpiry?: { given: string; at: Date } | null;
  autoReactivate?: boolean | null;
  payloadOnly?: boolean | null;
}

/** A `HookPayload`, checked. */
export interface HookRequest extends HookSettings {
  callbackUrl: string;
  scopeKey: string;
  scopeValue: string;
  tenant: string | null;
  hubId: string | null;
  projectId: string | null;
}

/** A `ModifyHookPayload`, checked. */
export interface HookChangeRequest extends HookSettings {
  status?: 'active' | 'inactive';
  token?: string | null;
}

const ATTRIBUTE_LIMIT_BYTES = 1024;
const MAX_TEXT = 2048;
const SECRET = /^[A-Za-z0-9]{32,64}$/;
// ISO 8601 as clients write it: a date, optionally a time and a zone.
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function optionalText(value: unknown, name: string): string | null | undefined {
  if (value === undefined || value === null) return value;
  if (typeof value !== 'string' || value.length > MAX_TEXT)
    throw badInput(`${name} must be a string of at most ${MAX_TEXT} characters.`);
  return value;
}

function optionalBoolean(value: unknown, name: string): boolean | null | undefined {
  if (value === undefined || value === null || typeof value === 'boolean') return value;
  throw badInput(`${name} must be true or false.`);
}

function filterOf(value: unknown): string | string[] | null | undefined {
  if (value === undefined || value === null) return value;
  const list = Array.isArray(value) ? value : [value];
  if (!list.every((entry): entry is string => typeof entry === 'string'))
    throw badInput('filter must be a JsonPath string or an array of them.');
  // An empty filter filters nothing: clients send "" or [] for "no filter".
  if (list.every((entry) => entry.trim() === '')) return null;
  try {
    compileFilter(value as string | string[]);
  } catch (error) {
    if (error instanceof FilterError) throw badInput(`filter cannot be used: ${error.message}`);
    throw error;
  }
  return value as string | string[];
}

function attributeOf(value: unknown): Record<string, unknown> | null | undefined {
  if (value === undefined || value === null) return value;
  if (!isObject(value)) throw badInput('hookAttribute must be a JSON object.');
  if (Buffer.byteLength(JSON.stringify(value)) >= ATTRIBUTE_LIMIT_BYTES)
    throw badInput(`hookAttribute must be smaller than ${ATTRIBUTE_LIMIT_BYTES} bytes.`);
  return value;
}

function expiryOf(value: unknown): HookSettings['hookExpiry'] {
  if (value === undefined || value === null) return value;
  const at = typeof value === 'string' && ISO_DATE.test(value) ? new Date(value) : undefined;
  if (!at || !Number.isFinite(at.getTime()))
    throw badInput('hookExpiry must be an ISO 8601 date and time, such as 2027-01-31T00:00:00.000Z.');
  return { given: value as string, at };
}

const settingsOf = (body: Record<string, unknown>): HookSettings => ({
  filter: filterOf(body['filter']),
  hookAttribute: attributeOf(body['hookAttribute']),
  hookExpiry: expiryOf(body['hookExpiry']),
  autoReactivate: optionalBoolean(body['autoReactivateHook'], 'autoReactivateHook'),
  payloadOnly: optionalBoolean(body['callbackWithEventPayloadOnly'], 'callbackWithEventPayloadOnly'),
});

function callbackUrlOf(value: unknown, allowHosts: readonly string[]): string {
  if (typeof value !== 'string' || value === '') throw badInput('callbackUrl is required.');
  const url = value.length <= MAX_TEXT && URL.canParse(value) ? new URL(value) : undefined;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw badInput('callbackUrl must be an http or https URL.');
  // Refused now rather than failing every delivery later: the operator decides where the platform may call.
  if (!callbackHostAllowed(url, allowHosts)) throw badInput(callbackHostMessage(url));
  return value;
}

/** The one scope key the events allow and its value. */
function scopeOf(value: unknown, events: readonly CatalogueEvent[]): { key: string; value: string } {
  const allowed = [...new Set(events.flatMap((event) => event.scopes))];
  const wanted = `scope must name exactly one of: ${allowed.join(', ')}.`;
  if (!isObject(value)) throw badInput(`scope is required: ${wanted}`);
  const entries = Object.entries(value);
  if (entries.length !== 1 || !allowed.includes(entries[0]![0])) throw badInput(wanted);
  const [key, scopeValue] = entries[0]!;
  if (typeof scopeValue !== 'string' || scopeValue.trim() === '' || scopeValue.length > MAX_TEXT)
    throw badInput(`scope.${key} must be a non-empty string.`);
  return { key, value: scopeValue };
}

/** A create's body, for hooks on `events` (the one event, or every event the system lists). */
export function readHookRequest(
  body: Record<string, unknown>,
  events: readonly CatalogueEvent[],
  allowHosts: readonly string[],
): HookRequest {
  const callbackUrl = callbackUrlOf(body['callbackUrl'], allowHosts);
  const scope = scopeOf(body['scope'], events);
  return {
    callbackUrl,
    scopeKey: scope.key,
    scopeValue: scope.value,
    ...settingsOf(body),
    tenant: optionalText(body['tenant'], 'tenant') ?? null,
    hubId: optionalText(body['hubId'], 'hubId') ?? null,
    projectId: optionalText(body['projectId'], 'projectId') ?? null,
  };
}

const IMMUTABLE = ['callbackUrl', 'scope', 'event'];

/** A PATCH's body: any subset of the changeable fields; the identity of a hook cannot change. */
export function readHookChangeRequest(body: Record<string, unknown>): HookChangeRequest {
  const fixed = IMMUTABLE.find((name) => body[name] !== undefined);
  if (fixed) throw badInput(`${fixed} cannot be changed: delete the hook and create another.`);
  const status = body['status'];
  if (status !== undefined && status !== 'active' && status !== 'inactive')
    throw badInput('status must be "active" or "inactive".');
  return {
    ...settingsOf(body),
    ...(status !== undefined ? { status } : {}),
    token: body['token'] === undefined || body['token'] === null ? body['token'] : secretOf(body['token']),
  };
}

/** A secret (an owner's, or one hook's): 32 to 64 letters and digits. */
export function secretOf(value: unknown): string {
  if (typeof value !== 'string' || !SECRET.test(value)) throw badInput('token must be 32 to 64 letters and digits.');
  return value;
}
