import { randomBytes } from 'node:crypto';
import { linkSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { signIn } from './steps';

/** Steps the upload specs share: the demo folder they upload into, and a large file made for the run. */

export const grid = (page: Page) => page.getByRole('grid');
export const panel = (page: Page) => page.getByRole('region', { name: 'Uploads' });
/** A grid row by the name it shows (names hold dots and brackets, taken literally). */
export const rowNamed = (page: Page, name: string) =>
  grid(page).getByRole('row', { name: new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
export const pickFiles = (
  page: Page,
  files: string | string[] | { name: string; mimeType: string; buffer: Buffer }[],
) => page.getByLabel('Files to upload').setInputFiles(files);

export async function openFurniture(page: Page) {
  await signIn(page);
  await page.getByRole('table', { name: 'Hubs' }).getByRole('link', { name: 'Demo Company' }).click();
  await page.getByRole('link', { name: 'Riverside Offices' }).first().click();
  await grid(page).getByRole('link', { name: 'Project Files', exact: true }).click();
  await grid(page).getByRole('link', { name: 'Furniture', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Furniture', level: 1 })).toBeVisible();
}

/**
 * A file of `size` bytes in the system's temporary folder (never the repository), handed out under
 * any name as a hard link, so no second copy is written. `dispose` removes them all.
 */
export function generatedFile(size: number) {
  const dir = mkdtempSync(path.join(tmpdir(), 'ddm-upload-'));
  const source = path.join(dir, 'source.bin');
  // 1 MB of random bytes repeated: cheap to make, and no part is like its neighbour within a part.
  const block = randomBytes(1000 * 1000);
  writeFileSync(
    source,
    Buffer.concat(Array.from({ length: Math.ceil(size / block.length) }, () => block)).subarray(0, size),
  );
  return {
    named: (name: string) => {
      const file = path.join(dir, name);
      linkSync(source, file);
      return file;
    },
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}
