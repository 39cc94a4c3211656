import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations, signIn } from './steps';

/** An object uploaded into a bucket through the app's engine comes back byte for byte. */

const sha1 = (bytes: Buffer) => createHash('sha1').update(bytes).digest('hex');

test('an object uploaded in parts downloads with the same bytes', async ({ page }) => {
  test.setTimeout(120_000);
  const run = Date.now().toString(36);
  const bucketKey = `e2e-upload-${run}`;
  const dir = mkdtempSync(path.join(tmpdir(), 'ddm-object-'));
  try {
    // 40 MB of random bytes: three parts of the engine's 16 MiB, the last a short one.
    const file = path.join(dir, `drawing-${run}.bin`);
    const bytes = randomBytes(40 * 1000 * 1000);
    writeFileSync(file, bytes);

    await signIn(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Buckets' }).click();
    await page.getByRole('button', { name: 'New bucket' }).first().click();
    await page.getByRole('textbox', { name: 'Bucket name' }).fill(bucketKey);
    await page.getByRole('radio', { name: /Transient/ }).check();
    await page.getByRole('button', { name: 'Create bucket' }).click();
    await page.getByRole('table', { name: 'Buckets' }).getByRole('link', { name: bucketKey, exact: true }).click();
    await expect(page.getByRole('heading', { name: bucketKey, level: 1 })).toBeVisible();

    // Filtered by a prefix, the upload lands under it.
    await page.getByRole('searchbox', { name: 'Filter by key prefix' }).fill('drawings/');
    await page.getByLabel('Files to upload').setInputFiles(file);
    const key = `drawings/drawing-${run}.bin`;
    const entry = page.getByRole('region', { name: 'Uploads' }).getByRole('listitem', { name: key });
    await expect(entry).toContainText('Uploaded', { timeout: 60_000 });
    const objects = page.getByRole('table', { name: 'Objects' });
    await expect(objects.getByRole('row', { name: new RegExp(key.replace(/[./]/g, '\\$&')) })).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    const downloading = page.waitForEvent('download');
    await objects.getByRole('button', { name: `Download ${key}` }).click();
    const download = await downloading;
    const saved = path.join(dir, 'downloaded.bin');
    await download.saveAs(saved);
    expect(sha1(readFileSync(saved))).toBe(sha1(bytes));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
