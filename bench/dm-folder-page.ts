import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FolderContentsResponse } from '../contracts/data-management';
import { TEST_CALLBACK } from '../platform/testing/oauth-flow';
import { seedDemo, startPlatform } from '../scripts/platform-process';
import { demoSession } from './demo-session';
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
      const { headers, get, projectId, topFolderId } = await demoSession(platform.url, demo);
      const base = `/data/v1/projects/${projectId}/folders`;
      const children = await get<FolderContentsResponse>(
        `${base}/${encodeURIComponent(topFolderId)}/contents?filter%5Btype%5D=folders`,
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
