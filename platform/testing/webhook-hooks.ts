import { createHub } from '../cli/admin-commands';
import { signedInUser } from './oauth-flow';
import { serverApp } from './oss';
import type { TestPlatform } from './test-platform';

/** What the official clients ask for: `data:read` to read hooks, `data:write` as well to change them. */
export const HOOK_SCOPES = 'data:read data:write';
export const CALLBACK = 'http://127.0.0.1:4000/aps/callback';

export type Bearer = Record<string, string>;

/** A 2-legged caller whose app may see a fresh hub and project: its bearer and the project's root folder. */
export async function appWithFolder(platform: TestPlatform, scope = HOOK_SCOPES) {
  const app = await serverApp(platform, scope);
  const hub = await createHub(platform.stores, { name: `Hooks ${app.clientId.slice(0, 8)}`, app: [app.clientId] });
  const project = await platform.addProject(hub.id, 'Hooked project');
  return { ...app, hubId: hub.id, projectId: project.id, folder: project.root_folder_id! };
}

/** A 3-legged caller, a member of a fresh hub and project. */
export async function userWithFolder(platform: TestPlatform, scope = HOOK_SCOPES) {
  const session = await signedInUser(platform, scope);
  const hub = await platform.addHub(`Hooks of ${session.user.email}`, [session.user.email]);
  const project = await platform.addProject(hub.id, 'Hooked project');
  return { ...session, userId: session.user.id, hubId: hub.id, projectId: project.id, folder: project.root_folder_id! };
}

const json = (bearer: Bearer, body: unknown, method = 'POST'): RequestInit => ({
  method,
  headers: { ...bearer, 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

/** `POST /webhooks/v1/systems/{system}/events/{event}/hooks`; `query` as the clients add it (`?region=US`). */
export const postHook = (
  platform: TestPlatform,
  bearer: Bearer,
  body: unknown,
  { system = 'data', event = 'dm.version.added', query = '' } = {},
) => platform.request(`/webhooks/v1/systems/${system}/events/${event}/hooks${query}`, json(bearer, body));

/** Creates a hook on a folder and gives back its id, taken from `Location` as aps-sdk-node does. */
export async function createdHookId(
  platform: TestPlatform,
  bearer: Bearer,
  folder: string,
  options: Parameters<typeof postHook>[3] & { extra?: Record<string, unknown> } = {},
): Promise<string> {
  const response = await postHook(
    platform,
    bearer,
    { callbackUrl: CALLBACK, scope: { folder }, ...options.extra },
    options,
  );
  if (response.status !== 201) throw new Error(`create answered ${response.status}: ${await response.text()}`);
  return response.headers.get('location')!.split('/').pop()!;
}

export const patchHook = (platform: TestPlatform, bearer: Bearer, path: string, body: unknown) =>
  platform.request(`/webhooks/v1${path}`, json(bearer, body, 'PATCH'));

export const sendJson = json;
