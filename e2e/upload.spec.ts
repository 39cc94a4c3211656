import { expect, test } from '@playwright/test';
import { generatedFile, grid, openFurniture, panel, pickFiles, rowNamed } from './upload-steps';

/**
 * Uploads into a demo folder on the real platform, with a 200 MB file made for the run: a new item,
 * a new version (asked, as for several files), a cancel that leaves nothing behind, a part whose network fails once, and a drop.
 */

const SIZE = 200 * 1000 * 1000;
let file: ReturnType<typeof generatedFile>;
// Unique per run, so a platform kept from an earlier run does not already hold these names.
const run = Date.now().toString(36);

test.beforeAll(() => {
  file = generatedFile(SIZE);
});

test.afterAll(() => file.dispose());

test('a 200 MB file becomes an item at version 1, and the same name again becomes version 2', async ({ page }) => {
  test.setTimeout(240_000);
  const name = `upload-${run}.bin`;
  const source = file.named(name);
  await openFurniture(page);

  await pickFiles(page, source);
  const entry = panel(page).getByRole('listitem', { name });
  await expect(entry).toContainText('Uploaded as version 1', { timeout: 120_000 });
  await expect(rowNamed(page, name)).toContainText('v1');
  // Fresh from the platform: "just now", never "in 2 seconds".
  await expect(
    rowNamed(page, name)
      .getByRole('gridcell')
      .filter({ has: page.locator('time') }),
  ).toHaveText('just now');
  await expect(entry.getByRole('link', { name: `Translate ${name}` })).toHaveAttribute(
    'href',
    /^\/models\/[A-Za-z0-9_-]+\?translate=1&name=/,
  );

  await panel(page).getByRole('button', { name: 'Clear finished' }).click();
  await pickFiles(page, source);
  // One file with a taken name asks, as several do.
  const dialog = page.getByRole('dialog', { name: 'A file with this name is already here' });
  await expect(dialog).toContainText(name);
  await dialog.getByRole('button', { name: 'Upload as a new version' }).click();
  await expect(entry).toContainText('Uploaded as version 2', { timeout: 120_000 });
  await expect(rowNamed(page, name)).toContainText('v2');
  await expect(rowNamed(page, name)).not.toContainText(/in \d+ seconds?/);
});

test('cancelling an upload midway leaves no item and no version behind', async ({ page }) => {
  test.setTimeout(120_000);
  const name = `cancelled-${run}.bin`;
  await openFurniture(page);
  // Part 3 is held until the cancel, so the cancel lands while the content is being sent.
  let holding!: () => void;
  const held = new Promise<void>((resolve) => (holding = resolve));
  let partThreeSeen!: () => void;
  const partThree = new Promise<void>((resolve) => (partThreeSeen = resolve));
  await page.route('**/uploads/*/parts/3*', async (route) => {
    partThreeSeen();
    await held;
    await route.abort('aborted');
  });

  await pickFiles(page, file.named(name));
  await partThree;
  const entry = panel(page).getByRole('listitem', { name });
  await entry.getByRole('button', { name: `Cancel ${name}` }).click();
  holding();
  await expect(entry).toContainText('Cancelled');

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Furniture', level: 1 })).toBeVisible();
  await expect(grid(page).getByRole('row', { name: /table\.obj/ })).toBeVisible();
  await expect(rowNamed(page, name)).toHaveCount(0);
});

test('a part whose network fails once is sent again and the upload finishes', async ({ page }) => {
  test.setTimeout(240_000);
  const name = `retried-${run}.bin`;
  await openFurniture(page);
  let attempts = 0;
  await page.route('**/uploads/*/parts/2*', async (route) => {
    attempts += 1;
    if (attempts === 1) await route.abort('connectionreset');
    else await route.continue();
  });

  await pickFiles(page, file.named(name));
  const entry = panel(page).getByRole('listitem', { name });
  await expect(entry).toContainText('Uploaded as version 1', { timeout: 120_000 });
  expect(attempts).toBe(2);
  await expect(rowNamed(page, name)).toContainText('v1');
});

test('files dropped on the folder view are uploaded there', async ({ page }) => {
  const name = `dropped-${run}.txt`;
  await openFurniture(page);
  // A drop as Chromium delivers it, with a DataTransfer holding a file: the drop-zone path end to end.
  const transfer = await page.evaluateHandle((fileName) => {
    const data = new DataTransfer();
    data.items.add(new File(['dropped on the folder view\n'], fileName, { type: 'text/plain' }));
    return data;
  }, name);
  const view = grid(page);
  await view.dispatchEvent('dragenter', { dataTransfer: transfer });
  await expect(
    page.getByRole('status').filter({ hasText: 'Drop files or folders to upload to “Furniture”' }),
  ).toBeVisible();
  await view.dispatchEvent('drop', { dataTransfer: transfer });
  await expect(panel(page).getByRole('listitem', { name })).toContainText('Uploaded as version 1');
  await expect(rowNamed(page, name)).toContainText('v1');
});
