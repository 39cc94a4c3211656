import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page, type Route } from '@playwright/test';
import { unzipSync } from 'fflate';
import { expectNoSeriousAxeViolations, putObject, signIn } from './steps';

/**
 * Translations on the real platform and engine: an IFC (FZK-Haus uploaded through the app, else the
 * seeded demo house) to svf2, obj and ifc, watched live, then its manifest, OBJ, properties, 3D preview
 * and thumbnail; and a corrupt file, put in a bucket through the OSS API, whose translation fails.
 */

const grid = (page: Page) => page.getByRole('grid');

/**
 * The OBJ parses: vertices, faces, and every face index names a vertex that exists. Counted, then
 * asserted once: a building's OBJ has hundreds of thousands of indices, too many for one expect each.
 */
function checkObj(text: string) {
  const lines = text.split(/\r?\n/);
  const vertices = lines.filter((line) => line.startsWith('v ')).length;
  const faces = lines.filter((line) => line.startsWith('f '));
  const broken = faces.filter((face) => {
    const indices = face
      .slice(2)
      .trim()
      .split(/\s+/)
      .map((part) => Math.abs(Number(part.split('/')[0])));
    return indices.length < 3 || indices.some((index) => !(index >= 1 && index <= vertices));
  });
  expect(vertices).toBeGreaterThan(8);
  expect(faces.length).toBeGreaterThan(6);
  expect(broken.slice(0, 3)).toEqual([]);
}

/**
 * The IFC the first test translates: FZK-Haus from the shared fixtures, uploaded through the folder's
 * Upload button, or when that folder is absent the demo house the platform seeds in the same folder.
 * Both have walls with `Pset_WallCommon.ThermalTransmittance`.
 */
const FZK = path.resolve(import.meta.dirname, '../../shared/fixtures/ifc/AC20-FZK-Haus.ifc');
const SOURCE = existsSync(FZK)
  ? {
      file: FZK,
      name: 'AC20-FZK-Haus.ifc',
      wall: 'Wand-Ext-ERDG-1',
      thermal: '0.4',
      interiorDoor: 'Innentuer-1',
      walls: ['ERDG', 'OG'].flatMap((storey) => [1, 2, 3, 4].map((n) => `Wand-Ext-${storey}-${n}`)),
    }
  : {
      file: null,
      name: 'demo-house.ifc',
      wall: 'South Wall Ground Floor',
      thermal: '0.24',
      interiorDoor: null,
      walls: ['South', 'East', 'North', 'West'].map((side) => `${side} Wall Ground Floor`),
    };

test('translates an IFC to svf2, obj and ifc live, then reads its manifest, OBJ, properties and preview', async ({
  page,
}) => {
  test.setTimeout(240_000);
  if (!SOURCE.file) console.log(`translate.spec: ${FZK} is absent; translating the seeded demo-house.ifc instead.`);
  await signIn(page);
  await page.getByRole('table', { name: 'Hubs' }).getByRole('link', { name: 'Demo Company' }).click();
  await page.getByRole('link', { name: 'Riverside Offices' }).first().click();
  for (const folder of ['Project Files', 'Architecture', 'Models'])
    await grid(page).getByRole('link', { name: folder, exact: true }).click();
  // The toolbar is the folder's own: a file chosen before Models shows went to Architecture's input as it left.
  await expect(page.getByRole('heading', { name: 'Models', level: 1 })).toBeVisible();
  if (SOURCE.file) {
    await page.getByLabel('Files to upload').setInputFiles(SOURCE.file);
    await expect(
      page.getByRole('region', { name: 'Uploads' }).getByRole('listitem', { name: SOURCE.name }),
    ).toContainText(/Uploaded as version \d+/, { timeout: 60_000 });
  }
  await grid(page).getByRole('link', { name: SOURCE.name, exact: true }).click();
  await expect(page.getByRole('heading', { name: SOURCE.name, level: 1 })).toBeVisible();
  const itemUrl = page.url();

  await page.getByRole('complementary', { name: 'Version details' }).getByRole('link', { name: 'Translate' }).click();
  // The model page says where it is: under the item's folder, the item and its version.
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByRole('link', { name: 'Models' })).toBeVisible();
  await expect(crumbs.getByRole('link', { name: /^Version \d+$/ })).toBeVisible();
  const dialog = page.getByRole('dialog', { name: `Translate ${SOURCE.name}` });
  await expect(dialog.getByRole('checkbox', { name: 'Viewable (SVF2)' })).toBeChecked();
  await dialog.getByRole('checkbox', { name: 'OBJ mesh' }).check();
  await dialog.getByRole('checkbox', { name: 'IFC' }).check();
  await expectNoSeriousAxeViolations(page);
  // A warm worker translates the house in well under a second, sooner than a page can be looked at: the
  // manifest reads after the one the start makes (the dialog closes on its answer) are held, not changed,
  // until the page has been seen running. The browser tells of the start's answer before that read.
  const manifestReads = /\/designdata\/[^/]+\/manifest(\?|$)/;
  const held: Route[] = [];
  let started = false;
  let startRead = false;
  let holding = true;
  page.on('response', (response) => {
    if (response.request().method() === 'POST' && response.url().endsWith('/designdata/job')) started = true;
  });
  await page.route(manifestReads, async (route) => {
    if (holding && (!started || startRead)) return void held.push(route);
    startRead = true;
    await route.continue();
  });
  await dialog.getByRole('button', { name: 'Translate' }).click();
  await expect(dialog).toBeHidden();

  // Live: the job shows as running, survives a reload, and turns to success without another one.
  const latest = page.getByRole('region', { name: 'Latest translation' });
  await expect(page.getByRole('link', { name: 'Translations: 1 of 20 running' })).toBeVisible();
  await expect(latest.getByText(/Waiting|Translating/)).toBeVisible();
  holding = false;
  await Promise.all(held.map((route) => route.continue()));
  await page.unroute(manifestReads);
  await page.reload();
  await expect(latest).toBeVisible();
  await expect(latest.getByText('Succeeded')).toBeVisible({ timeout: 150_000 });
  await expect(page.getByText(`${SOURCE.name} is translated`)).toBeVisible();
  await page.getByRole('link', { name: 'Translations: none running' }).click();
  // Told apart from other translations of the same file by its version.
  const job = page.getByRole('listitem', { name: new RegExp(`^${SOURCE.name.replace(/\./g, '\\.')} v\\d+$`) });
  await expect(job).toContainText('Succeeded');
  await expect(job).toContainText(/started (just now|\d+ minutes? ago)/);
  await expect(job).toContainText('svf2, obj, ifc');
  await expectNoSeriousAxeViolations(page);
  await page.goBack();

  await page.getByRole('tab', { name: 'Manifest' }).click();
  const manifest = page.getByRole('region', { name: 'Manifest' });
  await expect(manifest.getByLabel('Manifest status')).toContainText('Success');
  for (const type of ['svf2', 'obj', 'ifc'])
    await expect(manifest.getByRole('treeitem', { name: `${type} output` })).toContainText('Success');
  await expectNoSeriousAxeViolations(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    manifest.getByRole('button', { name: /Download OBJ/ }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(SOURCE.name.replace(/\.ifc$/, '.obj'));
  checkObj(await readFile((await download.path()) ?? '', 'utf8'));
  // Every derivative in one zip, with the manifest, to keep and open offline.
  const [zip] = await Promise.all([
    page.waitForEvent('download'),
    manifest.getByRole('button', { name: 'Download all (zip)' }).click(),
  ]);
  expect(zip.suggestedFilename()).toBe(SOURCE.name.replace(/\.ifc$/, '-derivatives.zip'));
  const entries = Object.keys(unzipSync(await readFile((await zip.path()) ?? '')));
  expect(entries).toContain('manifest.json');
  expect(entries.some((entry) => entry.endsWith('.obj'))).toBe(true);
  expect(entries.some((entry) => entry.endsWith('.ifc'))).toBe(true);

  await page.getByRole('tab', { name: 'Properties' }).click();
  await expect(page.getByText('View: 3D', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'All objects' }).click();
  const all = page.getByRole('table', { name: 'All objects' });
  await page.getByRole('searchbox', { name: 'Search all properties' }).fill(SOURCE.wall);
  await all.getByRole('textbox', { name: 'Filter Pset_WallCommon / ThermalTransmittance' }).fill(SOURCE.thermal);
  await expect(all.getByRole('rowheader')).toHaveText([SOURCE.wall]);
  await page.getByRole('button', { name: 'By object' }).click();
  await selectInTree(page, SOURCE.wall);
  const properties = page.getByRole('table', { name: `Properties of ${SOURCE.wall}` });
  await expect(properties.getByRole('row', { name: /ThermalTransmittance/ })).toContainText(SOURCE.thermal);
  // A quantity reads with the unit the file states, its number without binary noise.
  await expect(properties.getByRole('row', { name: /^Height/ }).first()).toContainText(/^Height\d+(\.\d{1,6})? m$/);
  await expectNoSeriousAxeViolations(page);

  // The preview: a pick in 3D selects the wall in the tree and shows its properties.
  await page.getByRole('tab', { name: 'Preview' }).click();
  const preview = page.getByRole('img', { name: '3D preview' });
  await expect(preview).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  const tree = page.getByRole('tree', { name: 'Object tree' });
  // The first of the outer walls the camera sees (the others are behind the house).
  let wall = '';
  let point = 'none';
  for (const candidate of SOURCE.walls) {
    await selectInTree(page, candidate);
    await expect(preview).not.toHaveAttribute('data-pick-point', '');
    point = (await preview.getAttribute('data-pick-point')) ?? 'none';
    wall = candidate;
    if (point !== 'none') break;
  }
  expect(point, 'an outer wall in sight').not.toBe('none');
  const wallId = await preview.getAttribute('data-selected');
  const [x, y] = point.split(',').map(Number);
  // A click on empty space clears the selection; a click on the wall's pixel selects it again.
  await preview.locator('canvas').click({ position: { x: 2, y: 2 } });
  await expect(preview).toHaveAttribute('data-selected', '');
  await expect(tree.getByRole('treeitem', { name: wall })).toHaveAttribute('aria-selected', 'false');
  await preview.locator('canvas').click({ position: { x: x ?? 0, y: y ?? 0 } });
  await expect(preview).toHaveAttribute('data-selected', wallId ?? 'missing');
  await expect(tree.getByRole('treeitem', { name: wall })).toHaveAttribute('aria-selected', 'true');
  await expect(
    page.getByRole('table', { name: `Properties of ${wall}` }).getByRole('row', { name: /ThermalTransmittance/ }),
  ).toContainText(SOURCE.thermal);

  // An interior door is out of sight from outside; isolating it shows it (the demo house has none:
  // viewer.spec.ts shows the same with a part hidden inside another).
  if (SOURCE.interiorDoor) {
    await selectInTree(page, SOURCE.interiorDoor);
    await expect(preview).toHaveAttribute('data-pick-point', 'none');
    await expect(page.getByRole('status').filter({ hasText: 'The selected object is out of sight' })).toBeVisible();
    await page.getByRole('toolbar', { name: '3D view' }).getByRole('button', { name: 'Isolate' }).click();
    await expect(preview).toHaveAttribute('data-pick-point', /^\d+,\d+$/);
    await page.getByRole('toolbar', { name: '3D view' }).getByRole('button', { name: 'Show all' }).click();
  }

  // The folder shows the thumbnail the translation made, without the row being pointed at.
  await page.goto(itemUrl);
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Models' }).click();
  const row = grid(page)
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: SOURCE.name, exact: true }) });
  await expect(row.locator('img')).toBeVisible();
});

/** Finds an object by name in the tree's search and selects it. */
async function selectInTree(page: Page, name: string) {
  await page.getByRole('searchbox', { name: 'Search the object tree' }).fill(name);
  await page.getByRole('tree', { name: 'Object tree' }).getByRole('treeitem', { name, exact: true }).click();
}

test('a corrupt file fails to translate and the platform says why', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Hubs', level: 1 })).toBeVisible();
  const bucketKey = await putObject(
    page,
    'corrupt.ifc',
    Buffer.from('ISO-10303-21;\nHEADER;\nthis is not an IFC file\n'),
  );
  await page.goto(`/buckets/${bucketKey}`);
  await page.getByRole('link', { name: 'Translate corrupt.ifc' }).click();
  const dialog = page.getByRole('dialog', { name: 'Translate corrupt.ifc' });
  await dialog.getByRole('button', { name: 'Translate' }).click();
  await expect(dialog).toBeHidden();

  const latest = page.getByRole('region', { name: 'Latest translation' });
  await expect(latest.getByText('Failed')).toBeVisible({ timeout: 60_000 });
  await expect(latest.locator('p').last()).toContainText(/\w+/);
  await expect(page.getByText('corrupt.ifc could not be translated')).toBeVisible();

  await page.getByRole('tab', { name: 'Manifest' }).click();
  const manifest = page.getByRole('region', { name: 'Manifest' });
  await expect(manifest.getByLabel('Manifest status')).toContainText('Failed');
  await expect(manifest.getByRole('list', { name: 'Messages' }).first()).toContainText('Error');
  await expectNoSeriousAxeViolations(page);
});
