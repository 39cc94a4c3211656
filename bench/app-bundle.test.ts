import { describe, expect, it } from 'vitest';
import { BUDGET_KB, firstScreensKb } from './app-bundle';

// A size, not a time: the same build weighs the same on any machine. It grew from 139 to 168 KB over
// a week of features before anyone looked; the benchmark prints the figures, this keeps the line.
describe('the app’s first screen', () => {
  it('needs at most 150 KB of JavaScript (gzip) for /hubs and for a folder’s deep link', async () => {
    // As `npm run build` builds it: vitest's NODE_ENV of `test` would give React's development build.
    const nodeEnv = process.env['NODE_ENV'];
    process.env['NODE_ENV'] = 'production';
    const { hubs, folderLink } = await firstScreensKb().finally(() => {
      if (nodeEnv === undefined) delete process.env['NODE_ENV'];
      else process.env['NODE_ENV'] = nodeEnv;
    });
    expect(hubs).toBeGreaterThan(0);
    expect(hubs).toBeLessThanOrEqual(BUDGET_KB);
    expect(folderLink).toBeGreaterThan(hubs);
    expect(folderLink).toBeLessThanOrEqual(BUDGET_KB);
  }, 180_000);
});
