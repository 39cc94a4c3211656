import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import { expectNoSeriousAxeViolations } from './steps';
import { grid, openFurniture, rowNamed } from './upload-steps';

/**
 * The file manager's basics on the real platform, as a person uses them in the demo's Furniture
 * folder: new folders, picking rows (mouse and keys), the details panel, the row menu, rename, move,
 * delete then Undo, and an upload with a version comment.
 */

// Unique per run, so a platform kept from an earlier run does not already hold these names.
const run = Date.now().toString(36);
const details = (page: Page) => page.getByRole('complementary', { name: 'Details' });
const toast = (page: Page, title: RegExp) =>
  page.getByRole('region', { name: 'Notifications' }).getByRole('listitem').filter({ hasText: title });
/** A click on the row away from its name link: the Modified cell. */
const pick = (page: Page, name: string, modifiers: ('Control' | 'Shift')[] = []) =>
  rowNamed(page, name)
    .getByRole('gridcell')
    .filter({ has: page.locator('time') })
    .click({ modifiers });

async function newFolder(page: Page, name: string) {
  await page.getByRole('button', { name: 'New folder' }).click();
  const dialog = page.getByRole('dialog', { name: 'New folder' });
  await dialog.getByLabel('Folder name').fill(name);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(rowNamed(page, name)).toBeVisible();
}

async function menuOf(page: Page, name: string) {
  await rowNamed(page, name)
    .getByRole('gridcell')
    .filter({ has: page.locator('time') })
    .click({ button: 'right' });
  return page.getByRole('menu');
}

test('new folders, picking rows, the details panel and the row menu, by mouse and by keys', async ({ page }) => {
  // Five axe scans on a loaded machine.
  test.setTimeout(150_000);
  await openFurniture(page);
  await expect(grid(page).getByRole('columnheader', { name: 'Translation' })).toBeVisible();
  await expect(grid(page).getByRole('columnheader', { name: 'Preview' })).toBeAttached();
  await expect(rowNamed(page, 'table.obj')).toContainText(/Not translated|Translated|Queued|Translating|Failed/);

  const first = `Sketches ${run}`;
  const second = `Sheets ${run}`;
  await newFolder(page, first);
  await newFolder(page, second);

  await pick(page, 'table.obj');
  await expect(rowNamed(page, 'table.obj')).toHaveAttribute('aria-selected', 'true');
  const panel = details(page);
  await expect(panel.getByRole('heading', { name: 'table.obj' })).toBeVisible();
  await expect(panel).toContainText('v2');
  await expect(panel.getByRole('button', { name: 'Copy Item ID' })).toBeVisible();
  await expect(panel.getByRole('list', { name: 'Versions' })).toContainText('Final dimensions');
  await expect(panel.getByRole('list', { name: 'Versions' })).toContainText('Draft');
  await expectNoSeriousAxeViolations(page);

  await pick(page, first, ['Control']);
  await expect(panel.getByRole('heading', { name: '2 selected' })).toBeVisible();
  // The picked files in one zip (the folder holds none to download).
  const [zip] = await Promise.all([
    page.waitForEvent('download'),
    panel.getByRole('button', { name: 'Download 1 as zip' }).click(),
  ]);
  expect(zip.suggestedFilename()).toBe('Furniture.zip');
  const zipped = unzipSync(await readFile((await zip.path()) ?? ''));
  expect(Object.keys(zipped)).toEqual(['table.obj']);
  // Translate the picked files: one dialog, one job each (here one; the folder is left out).
  await panel.getByRole('button', { name: 'Translate 1…' }).click();
  const batch = page.getByRole('dialog', { name: 'Translate 1 file' });
  await expect(batch.getByRole('list', { name: 'Files to translate' })).toContainText('table.obj');
  await expectNoSeriousAxeViolations(page);
  await batch.getByRole('button', { name: 'Cancel' }).click();
  // Shift picks from the last row clicked: the two folders, no longer the file.
  await pick(page, second, ['Shift']);
  await expect(panel.getByRole('heading', { name: '2 selected' })).toBeVisible();
  await expect(rowNamed(page, second)).toHaveAttribute('aria-selected', 'true');
  await expect(rowNamed(page, 'table.obj')).toHaveAttribute('aria-selected', 'false');

  // Keys: Escape lets go of every row, Space picks the focused one, Shift+Down adds the next.
  await rowNamed(page, first).getByRole('rowheader').focus();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await page.keyboard.press('Space');
  await expect(panel.getByRole('heading', { name: first })).toBeVisible();
  await page.keyboard.press('Shift+ArrowDown');
  await expect(panel.getByRole('heading', { name: '2 selected' })).toBeVisible();
  await page.keyboard.press('Escape');

  // The menu from the keyboard: Shift+F10 on the focused row, arrows inside, Escape back to the row.
  await rowNamed(page, first).getByRole('rowheader').focus();
  await page.keyboard.press('Shift+F10');
  const menu = page.getByRole('menu', { name: `Actions for ${first}` });
  await expect(menu.getByRole('menuitem', { name: 'Open' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Rename…' })).toBeFocused();
  await expectNoSeriousAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(rowNamed(page, first).getByRole('rowheader')).toBeFocused();

  await page.emulateMedia({ colorScheme: 'dark' });
  await pick(page, 'table.obj');
  await expect(panel.getByRole('heading', { name: 'table.obj' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  // A file's own actions where it is listed: in the details panel and first in its menu.
  for (const action of ['View', 'Translate…', 'Download', 'Copy link'])
    await expect(panel.getByRole('button', { name: action, exact: true })).toBeVisible();
  const fileMenu = await menuOf(page, 'table.obj');
  await expect(fileMenu.getByRole('menuitem')).toHaveText([
    'Open',
    'View',
    'Translate…',
    'Download',
    'Copy link',
    'Rename…',
    'Copy ID',
    'Delete',
  ]);
  await expectNoSeriousAxeViolations(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    fileMenu.getByRole('menuitem', { name: 'Download' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('table.obj');
  await (await menuOf(page, 'table.obj')).getByRole('menuitem', { name: 'View' }).click();
  await expect(page).toHaveURL(/\/models\/[\w-]+\?.*name=table\.obj/);
});

test('rename, move and delete, each undone from its toast', async ({ page }) => {
  await openFurniture(page);
  const folder = `Details ${run}`;
  const target = `Archive ${run}`;
  await newFolder(page, folder);
  await newFolder(page, target);

  // Rename from the row menu; a taken name is refused in words as it is typed, in any case, and not sent.
  await (await menuOf(page, folder)).getByRole('menuitem', { name: 'Rename…' }).click();
  const rename = page.getByRole('dialog', { name: `Rename “${folder}”` });
  await rename.getByLabel('New name').fill(target.toUpperCase());
  await expect(rename.getByLabel('New name')).toHaveAccessibleDescription(
    `A folder named “${target}” already exists here.`,
  );
  await expect(rename.getByRole('button', { name: 'Rename' })).toBeDisabled();
  await rename.getByLabel('New name').fill(`${folder} v2`);
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(rowNamed(page, `${folder} v2`)).toBeVisible();
  await toast(page, /^Renamed to/)
    .getByRole('button', { name: 'Undo' })
    .click();
  await expect(grid(page).getByRole('link', { name: folder, exact: true })).toBeVisible();

  // Move into the other new folder, walking down from the project's top folders.
  await (await menuOf(page, folder)).getByRole('menuitem', { name: 'Move…' }).click();
  const move = page.getByRole('dialog', { name: `Move “${folder}”` });
  for (const step of ['Project Files', 'Furniture', target])
    await move.getByRole('button', { name: step, exact: true }).click();
  await move.getByRole('button', { name: `Move to ${target}` }).click();
  await expect(grid(page).getByRole('link', { name: folder, exact: true })).toBeHidden();
  await toast(page, /^Moved/)
    .getByRole('button', { name: 'Undo' })
    .click();
  await expect(grid(page).getByRole('link', { name: folder, exact: true })).toBeVisible();

  // Delete with the Delete key on the picked rows, then Undo brings both back.
  await pick(page, folder);
  await pick(page, target, ['Control']);
  await page.keyboard.press('Delete');
  await expect(grid(page).getByRole('link', { name: folder, exact: true })).toBeHidden();
  await expect(grid(page).getByRole('link', { name: target, exact: true })).toBeHidden();
  await toast(page, /^Deleted 2 entries/)
    .getByRole('button', { name: 'Undo' })
    .click();
  await expect(grid(page).getByRole('link', { name: folder, exact: true })).toBeVisible();
  await expect(grid(page).getByRole('link', { name: target, exact: true })).toBeVisible();
});

test('an upload with a version comment, shown in the details; deleting the file and Undo bring it back as the next version', async ({
  page,
}) => {
  await openFurniture(page);
  const name = `chair-${run}.txt`;
  await page.getByRole('button', { name: 'Upload with comment…' }).click();
  const ask = page.getByRole('dialog', { name: 'Upload with a version comment' });
  await ask.getByLabel('Version comment').fill('Issued for coordination');
  await ask
    .getByLabel('Files for the commented upload')
    .setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from('a chair\n') });
  await expect(rowNamed(page, name)).toContainText('v1', { timeout: 30_000 });

  await pick(page, name);
  await expect(details(page).getByRole('list', { name: 'Versions' })).toContainText('Issued for coordination');

  await (await menuOf(page, name)).getByRole('menuitem', { name: 'Delete' }).click();
  await expect(grid(page).getByRole('link', { name, exact: true })).toBeHidden();
  await toast(page, new RegExp(`^Deleted “${name.replace('.', '\\.')}”`))
    .getByRole('button', { name: 'Undo' })
    .click();
  // Restored as a copy of version 1 after the Deleted version 2.
  await expect(rowNamed(page, name)).toContainText('v3');
  await expectNoSeriousAxeViolations(page);

  // The history says what version 2 is, and offers downloads of the versions that hold the file.
  await grid(page).getByRole('link', { name, exact: true }).click();
  const history = page.getByRole('table', { name: 'Version history' });
  const marker = history.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'v2' }) });
  await expect(marker).toContainText('Deleted');
  await expect(marker.getByRole('button', { name: 'Download version 2' })).toHaveCount(0);
  await expect(history.getByRole('button', { name: 'Download version 3' })).toBeVisible();
  await expect(history.getByRole('button', { name: 'Download version 1' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});
