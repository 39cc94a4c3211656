import { expect, test } from '@playwright/test';
import { generatedFile, grid, openFurniture, panel, pickFiles, rowNamed } from './upload-steps';

/**
 * Uploads of many files at once on the real platform: a dropped folder recreated with its
 * sub-folders, a batch whose names are taken, and a queue that goes on while the person moves
 * around the app (and asks before the tab closes).
 */

const run = Date.now().toString(36);
const text = (name: string, body: string) => ({ name, mimeType: 'text/plain', buffer: Buffer.from(body) });

test('a dropped folder is recreated with its sub-folders, each file uploaded into its own', async ({ page }) => {
  const top = `dropped-folder-${run}`;
  await openFurniture(page);
  // Chromium hands a dropped folder's tree only to a real drag from the desktop, which Playwright
  // cannot make. The drop's entries are built here in the File and Directory Entries API's shape,
  // around real Files; from there on (sub-folders, storage, parts, items) it is the real platform.
  const transfer = await page.evaluateHandle((folderName) => {
    const data = new DataTransfer();
    const plan = new File(['ground floor\n'], 'plan.txt', { type: 'text/plain' });
    const detail = new File(['stair detail\n'], 'stair.txt', { type: 'text/plain' });
    data.items.add(plan);
    const fileEntry = (file: File) => ({
      isFile: true,
      isDirectory: false,
      name: file.name,
      file: (done: (file: File) => void) => done(file),
    });
    const folderEntry = (name: string, children: unknown[]) => ({
      isFile: false,
      isDirectory: true,
      name,
      createReader: () => {
        let given = false;
        return {
          readEntries: (done: (batch: unknown[]) => void) => {
            done(given ? [] : children);
            given = true;
          },
        };
      },
    });
    const root = folderEntry(folderName, [fileEntry(plan), folderEntry('details', [fileEntry(detail)])]);
    Object.defineProperty(data, 'items', { value: [{ kind: 'file', webkitGetAsEntry: () => root }] });
    return data;
  }, top);
  await grid(page).dispatchEvent('dragenter', { dataTransfer: transfer });
  await grid(page).dispatchEvent('drop', { dataTransfer: transfer });
  await expect(panel(page).getByRole('listitem', { name: 'plan.txt' })).toContainText('Uploaded as version 1');
  await expect(panel(page).getByRole('listitem', { name: 'stair.txt' })).toContainText('Uploaded as version 1');

  await grid(page).getByRole('link', { name: top, exact: true }).click();
  await expect(page.getByRole('heading', { name: top, level: 1 })).toBeVisible();
  await expect(rowNamed(page, 'plan.txt')).toContainText('v1');
  await grid(page).getByRole('link', { name: 'details', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'details', level: 1 })).toBeVisible();
  await expect(rowNamed(page, 'stair.txt')).toContainText('v1');
});

test('a batch with a taken name asks once: keep both renames, new versions add a version', async ({ page }) => {
  const taken = `schedule-${run}.txt`;
  const other = `notes-${run}.txt`;
  await openFurniture(page);
  await pickFiles(page, [text(taken, 'first\n')]);
  await expect(panel(page).getByRole('listitem', { name: taken })).toContainText('Uploaded as version 1');
  await panel(page).getByRole('button', { name: 'Clear finished' }).click();

  await pickFiles(page, [text(taken, 'second\n'), text(other, 'notes\n')]);
  const dialog = page.getByRole('dialog', { name: 'A file with this name is already here' });
  await expect(dialog).toContainText(taken);
  // One taken name in a pick of two: that one file can be skipped and the other still goes.
  await expect(dialog.getByRole('button', { name: 'Skip this file' })).toBeVisible();
  await expect(dialog).toContainText('Only the files whose names are free are uploaded.');
  await dialog.getByRole('button', { name: 'Keep both' }).click();
  const renamed = `schedule-${run} (2).txt`;
  await expect(panel(page).getByRole('listitem', { name: renamed })).toContainText('Uploaded as version 1');
  await expect(panel(page).getByRole('listitem', { name: other })).toContainText('Uploaded as version 1');
  await expect(rowNamed(page, renamed)).toContainText('v1');
  // The rows just uploaded stand out in the folder while they are in the queue.
  await expect(rowNamed(page, renamed)).toHaveCSS('box-shadow', /37, 99, 235/);
  await panel(page).getByRole('button', { name: 'Clear finished' }).click();

  await pickFiles(page, [text(taken, 'third\n'), text(`more-${run}.txt`, 'more\n')]);
  await dialog.getByRole('button', { name: 'Upload as a new version' }).click();
  await expect(panel(page).getByRole('listitem', { name: taken })).toContainText('Uploaded as version 2');
  await expect(rowNamed(page, taken)).toContainText('v2');
});

test('the queue goes on while the person browses, and closing the tab asks first', async ({ page }) => {
  test.setTimeout(120_000);
  const name = `travelling-${run}.bin`;
  const file = generatedFile(40 * 1000 * 1000);
  try {
    await openFurniture(page);
    // Part 2 is held while the person moves away, so the upload is surely still running then.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let seen!: () => void;
    const partTwo = new Promise<void>((resolve) => (seen = resolve));
    await page.route('**/uploads/*/parts/2*', async (route) => {
      seen();
      await released;
      await route.continue();
    });
    await pickFiles(page, file.named(name));
    await partTwo;

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Buckets' }).click();
    await expect(page.getByRole('heading', { name: 'Buckets', level: 1 })).toBeVisible();
    const entry = panel(page).getByRole('listitem', { name });
    await expect(entry.getByRole('button', { name: `Cancel ${name}` })).toBeVisible();

    const asked = page.waitForEvent('dialog');
    await page.close({ runBeforeUnload: true });
    const dialog = await asked;
    expect(dialog.type()).toBe('beforeunload');
    await dialog.dismiss();

    release();
    await expect(entry).toContainText('Uploaded as version 1', { timeout: 60_000 });
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Furniture', level: 1 })).toBeVisible();
    await expect(rowNamed(page, name)).toContainText('v1');
  } finally {
    file.dispose();
  }
});
