import { buildApp, buildReactAlone, gzipBytes, lazyChunkExporting, staticClosure } from './app-build';
import { result, type Benchmark } from './harness';

/** Issue 7's budget for the first screen's JavaScript, gzip. */
export const BUDGET_KB = 150;

/**
 * JavaScript the browser must fetch before the first screen shows, gzip, in KB, from a production build:
 * index.html's entry and its static imports. Signed in, the first screen is /hubs (its page is in the
 * entry); a shared folder link also needs the chunk the router loads for a folder (the one exporting
 * its route component, FolderRoute).
 */
export async function firstScreensKb(): Promise<{ hubs: number; folderLink: number }> {
  const app = await buildApp();
  const { outDir, manifest } = app;
  const entry = staticClosure(manifest, 'index.html');
  const hubs = (await gzipBytes(outDir, entry)) / 1000;
  const folderLink =
    (await gzipBytes(outDir, staticClosure(manifest, lazyChunkExporting(app, 'FolderRoute'), new Set(entry)))) / 1000;
  return { hubs, folderLink };
}

/** The first screens' JavaScript compared with the budget, and with react + react-dom alone built the same way in this run. */
export const appBundle: Benchmark = {
  name: 'app-bundle',
  async run() {
    const { hubs, folderLink } = await firstScreensKb();
    const react = (await buildReactAlone()) / 1000;
    return [
      result('app first-screen JS gzip, /hubs (baseline: the 150 KB budget)', hubs, 'KB', BUDGET_KB),
      result('app first-screen JS gzip, folder deep link (baseline: the 150 KB budget)', folderLink, 'KB', BUDGET_KB),
      result('app first-screen JS gzip, /hubs (baseline: react + react-dom alone)', hubs, 'KB', react),
    ];
  },
};
