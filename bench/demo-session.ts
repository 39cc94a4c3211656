import type { TokenResponse } from '../contracts/authentication';
import type { HubsResponse, ProjectsResponse, TopFoldersResponse } from '../contracts/data-management';
import { authorizeCode, exchangeCode } from '../platform/testing/oauth-flow';
import type { TestPlatform } from '../platform/testing/test-platform';
import type { DemoAccount } from '../scripts/platform-process';

export interface DemoSession {
  headers: Record<string, string>;
  get: <T>(path: string) => Promise<T>;
  projectId: string;
  /** The demo project's "Project Files" folder. */
  topFolderId: string;
}

/** The demo user signed in over HTTP as a browser would, in the demo's "Riverside Offices" project. */
export async function demoSession(url: string, demo: DemoAccount, scope = 'data:read'): Promise<DemoSession> {
  const overHttp = {
    request: (p: string, init?: RequestInit) => fetch(`${url}${p}`, { ...init, redirect: 'manual' }),
  } as unknown as TestPlatform;
  const code = await authorizeCode(overHttp, {
    clientId: demo.client_id,
    email: demo.email,
    password: demo.password,
    scope,
  });
  const tokens = (await (await exchangeCode(overHttp, demo.client_id, code)).json()) as TokenResponse;
  const headers = { Authorization: `Bearer ${tokens.access_token}` };
  const get = async <T>(p: string) => (await (await fetch(`${url}${p}`, { headers })).json()) as T;
  const hub = (await get<HubsResponse>('/project/v1/hubs')).data[0]!;
  const project = (await get<ProjectsResponse>(`/project/v1/hubs/${hub.id}/projects`)).data.find(
    (p) => p.attributes.name === 'Riverside Offices',
  )!;
  const top = (await get<TopFoldersResponse>(`/project/v1/hubs/${hub.id}/projects/${project.id}/topFolders`)).data[0]!;
  return { headers, get, projectId: project.id, topFolderId: top.id };
}
