import { SCOPES, type Scope } from '../../../contracts/authentication';

const KNOWN = new Set<string>(SCOPES);
const MAX_SCOPE_LENGTH = 2000;
const MAX_SCOPES = 50;

export type ScopeCheck = { ok: true; scopes: Scope[] } | { ok: false; reason: string };

/** Parses a space-separated scope string and checks it against what the app may have. */
export function checkScopes(raw: string | undefined, allowed: readonly string[]): ScopeCheck {
  if (!raw || !raw.trim()) return { ok: false, reason: 'The scope parameter is required.' };
  if (raw.length > MAX_SCOPE_LENGTH)
    return { ok: false, reason: `The scope parameter is longer than ${MAX_SCOPE_LENGTH} characters.` };
  const requested = [...new Set(raw.trim().split(/\s+/))];
  if (requested.length > MAX_SCOPES) return { ok: false, reason: `At most ${MAX_SCOPES} scopes may be requested.` };
  const unknown = requested.filter((scope) => !KNOWN.has(scope));
  if (unknown.length) return { ok: false, reason: `Unknown scope: ${unknown.join(', ')}.` };
  const refused = requested.filter((scope) => !allowed.includes(scope));
  if (refused.length) return { ok: false, reason: `This app may not request: ${refused.join(', ')}.` };
  return { ok: true, scopes: requested as Scope[] };
}

export function parseScopeList(raw: string): string[] {
  return [...new Set(raw.trim().split(/\s+/).filter(Boolean))];
}

const DESCRIPTIONS: Record<Scope, string> = {
  'data:read': 'Read your files, folders and projects',
  'data:write': 'Change your files and their details',
  'data:create': 'Upload files and create folders',
  'data:search': 'Search your data',
  'viewables:read': 'View your models',
  'code:all': 'Run automation jobs on your behalf',
  'bucket:create': 'Create storage buckets',
  'bucket:read': 'List and read storage buckets',
  'bucket:update': 'Change storage buckets',
  'bucket:delete': 'Delete storage buckets',
  'account:read': 'Read your account details',
  'account:write': 'Change your account details',
  'user:read': 'Read your profile',
  'user:write': 'Change your profile',
  'user-profile:read': 'Read your name and email address',
  openid: 'Confirm who you are',
};

export const describeScope = (scope: string): string => DESCRIPTIONS[scope as Scope] ?? scope;
