import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TokenResponse } from '../contracts/authentication';
import type {
  FolderContentsResponse,
  HubsResponse,
  ProjectsResponse,
  TopFoldersResponse,
} from '../contracts/data-management';
import { authorizeCode, exchangeCode, TEST_CALLBACK } from '../platform/testing/oauth-flow';
import type { TestPlatform } from '../platform/testing/test-platform';
import { seedDemo, startPlatform } from '../scripts/platform-process';
import { againstBareServer, type Benchmark } from './harness';

/**
 * One page of 200 items of the demo's 5,000-item Archive folder, as the demo user, under 50
 * concurrent connections, against a bare server answering the same bytes: once uncompressed, and once
 * gzip-compressed, as browsers and the official clients ask for it.
 */
export const dmFolderPage: Benchmark = {
  name: 'dm-folder-page',
  async run() {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ddm-bench-dm-'));
    const demo = await seedDemo(new URL(TEST_CALLBACK).origin, dataDir);
    const platform = await startPlatform(['--port', '0', '--data-dir', dataDir, '--rate-limits', 'off']);
    try {
      // Measured once its translation workers are warm: their warm-up would take the cores from the requests.
      await platform.printed(/^translation workers warm/);
      // The sign-in pages, walked over HTTP as a browser would.
      const overHttp = {
        request: (p: string, init?: RequestInit) => fetch(`${platform.url}${p}`, { ...init, redirect: 'manual' }),
      } as unknown as TestPlatform;
      const code = await authorizeCode(overHttp, {
        clientId: demo.client_id,
        email: demo.email,
        password: demo.password,
        scope: 'data:read',
      });
      const tokens = (await (await exchangeCode(overHttp, demo.client_id, code)).json()) as TokenResponse;
      const headers = { Authorization: `Bearer ${tokens.access_token}` };
      const get = async <T>(p: string) => (await (await fetch(`${platform.url}${p}`, { headers })).json()) as T;
      const hub = (await get<HubsResponse>('/project/v1/hubs')).data[0]!;
      const project = (await get<ProjectsResponse>(`/project/v1/hubs/${hub.id}/projects`)).data.find(
        (p) => p.attributes.name === 'Riverside Offices',
      )!;
      const top = (await get<TopFoldersResponse>(`/project/v1/hubs/${hub.id}/projects/${project.id}/topFolders`))
        .data[0]!;
      const base = `/data/v1/projects/${project.id}/folders`;
      const children = await get<FolderContentsResponse>(
        `${base}/${encodeURIComponent(top.id)}/contents?filter%5Btype%5D=folders`,
      );
      const archive = children.data.find(
        (entry) => entry.type === 'folders' && entry.attributes.displayName === 'Archive',
      )!;
      const url = `${platform.url}${base}/${encodeURIComponent(archive.id)}/contents?page%5Bnumber%5D=10&page%5Blimit%5D=200`;
      return [
        ...(await againstBareServer('dm-folder-page (200 items)', url, headers)),
        ...(await againstBareServer('dm-folder-page (200 items, gzip as a browser asks)', url, headers, {
          gzip: true,
        })),
      ];
    } finally {
      await platform.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  },
};
