import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { zipSync } from 'fflate';
import { expectNoSeriousAxeViolations, signIn } from './steps';

/**
 * Design Automation from the app on the real platform and its local engines: the IFC property export
 * run on the demo house, its CSV saved into the folder and downloaded; a run that fails, read in words; a
 * long run cancelled; and the export's bundle uploaded from the app with its activity made by the form.
 */

const stamp = () => Date.now().toString(36);
const runHeading = (page: Page) => page.getByRole('heading', { level: 1 });

/** In the run form's folder browser of `parameter`, opens each folder in turn from the project's top. */
async function openFolders(page: Page, parameter: string, folders: string[]) {
  const field = page.getByRole('group', { name: `Argument ${parameter}` });
  await field.getByLabel(`Project for ${parameter}`).selectOption({ label: 'Riverside Offices' });
  for (const folder of folders) await field.getByRole('button', { name: folder, exact: true }).click();
}

/** Picks `file` under Project Files/`folders` for the input `model`; the output goes to the same folder as `fileName`. */
async function chooseModel(page: Page, folders: string[], file: string, fileName: string) {
  await openFolders(page, 'model', ['Project Files', ...folders]);
  await page
    .getByRole('group', { name: 'Argument model' })
    .getByRole('button', { name: `Choose ${file}` })
    .click();
  await page.getByLabel('File name for properties').fill(fileName);
}

/** Clicks an output and reads the file the browser saves. */
async function downloadedText(page: Page, output: Locator): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), output.click()]);
  return { name: download.suggestedFilename(), text: await readFile((await download.path()) ?? '', 'utf8') };
}

test('runs the IFC property export on the demo house and downloads the CSV it saved into the folder', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, '/automation');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Design Automation' }).click();
  await expect(page.getByRole('heading', { name: 'Automation', level: 1 })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Owned activities' }).getByRole('link', { name: 'IfcPropertiesCsv', exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('list', { name: 'Engines' })).toContainText('Local.WebIfc+1');
  await expectNoSeriousAxeViolations(page);

  await page
    .getByRole('list', { name: 'Owned activities' })
    .getByRole('link', { name: 'Run IfcPropertiesCsv' })
    .click();
  await expect(page.getByRole('heading', { name: 'IfcPropertiesCsv', level: 1 })).toBeVisible();
  const csvName = `demo-house-properties-${stamp()}.csv`;
  await chooseModel(page, ['Architecture', 'Models'], 'demo-house.ifc', csvName);
  await expect(page.getByRole('form', { name: /Run/ })).toContainText(`Models/${csvName}`);
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('button', { name: 'Run', exact: true }).click();

  await expect(page).toHaveURL(/\/automation\/runs\//);
  await expect(runHeading(page)).toContainText('Succeeded', { timeout: 120_000 });
  await expect(page.getByRole('list', { name: 'Timeline' })).toContainText('Running the program');
  await expect(page.getByRole('log', { name: 'Report' })).toContainText('End upload phase successfully.');
  const output = page.getByRole('list', { name: 'Outputs' }).getByRole('button', { name: `Download ${csvName}` });
  await expect(output).toHaveText(`${csvName} v1`, { timeout: 30_000 });
  await expectNoSeriousAxeViolations(page);

  // A CSV is a file to keep, not a design to translate: it downloads, and the page stays.
  const run = page.url();
  const csv = await downloadedText(page, output);
  expect(csv.name).toBe(csvName);
  expect(csv.text.split(/\r?\n/)[0]).toBe('GlobalId,Class,Name,PropertySet,Property,Value');
  expect(csv.text).toContain('South Wall Ground Floor');
  expect(page.url()).toBe(run);

  // The job centre lists the run beside the translations, and the history keeps it across a reload.
  await page.goto('/jobs');
  await expect(
    page
      .getByRole('list', { name: 'Runs' })
      .getByRole('link', { name: /IfcPropertiesCsv/ })
      .first(),
  ).toBeVisible();
  await page.reload();
  await page.goto('/automation/runs?status=success');
  await expect(
    page
      .getByRole('list', { name: 'Runs' })
      .getByRole('link', { name: /IfcPropertiesCsv/ })
      .first(),
  ).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

test('a run on a file that is not IFC fails, and says why in words', async ({ page }) => {
  test.setTimeout(120_000);
  // The form offers only files the input takes, so what fails is a file whose name says IFC and whose bytes do not.
  const fakeName = `load-notes-${stamp()}.ifc`;
  await signIn(page);
  await page.getByRole('table', { name: 'Hubs' }).getByRole('link', { name: 'Demo Company' }).click();
  await page.getByRole('link', { name: 'Riverside Offices' }).first().click();
  for (const folder of ['Project Files', 'Structure'])
    await page.getByRole('grid').getByRole('link', { name: folder, exact: true }).click();
  await page.getByLabel('Files to upload').setInputFiles({
    name: fakeName,
    mimeType: 'application/octet-stream',
    buffer: Buffer.from('Dead load 4.5 kN/m2\nLive load 3.0 kN/m2\n'),
  });
  await expect(page.getByRole('region', { name: 'Uploads' }).getByRole('listitem', { name: fakeName })).toContainText(
    'Uploaded as version 1',
    { timeout: 30_000 },
  );

  await page.goto('/automation/activities/DesignDataManager/IfcPropertiesCsv?run=1');
  await openFolders(page, 'model', ['Project Files', 'Structure']);
  const model = page.getByRole('group', { name: 'Argument model' });
  await expect(model).toContainText(/\d+ files are not shown: model takes \.ifc files\./);
  await expect(model.getByRole('button', { name: 'Choose load-cases.txt' })).toHaveCount(0);
  await model.getByRole('button', { name: `Choose ${fakeName}` }).click();
  await page.getByLabel('File name for properties').fill(`not-ifc-${stamp()}.csv`);
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(runHeading(page)).toContainText('Program failed', { timeout: 90_000 });
  await expect(
    page.getByRole('main').getByRole('status').filter({ hasText: 'The program of the activity failed' }),
  ).toContainText('The report says:');
  await expect(page.getByRole('log', { name: 'Report' }).locator('[data-kind="error"]').first()).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

test('an activity made with the JSON form runs long and is cancelled', async ({ page }) => {
  test.setTimeout(120_000);
  const name = `Wait${stamp()}`;
  await signIn(page, '/automation/activities/new');
  await page.getByRole('button', { name: 'Edit as JSON' }).click();
  await page.getByLabel('Activity JSON').fill(
    JSON.stringify({
      id: name,
      engine: 'Local.Test+1',
      commandLine: ['$(engine.path)/test print waiting sleep 120000'],
      parameters: {},
      appbundles: [],
    }),
  );
  await page.getByRole('button', { name: 'Edit as form' }).click();
  await expect(page.getByLabel('Engine')).toHaveValue('Local.Test+1');
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('button', { name: 'Create activity' }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(runHeading(page)).toContainText('Running', { timeout: 60_000 });
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(runHeading(page)).toContainText('Cancelled', { timeout: 30_000 });
  await expect(page.getByRole('main').getByText('The job was cancelled before it ended.')).toBeVisible();
});

test('uploads the property export bundle from the app, makes its activity with the form, and runs it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const name = `IfcProps${stamp()}`;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ddm-da-'));
  const zipPath = path.join(dir, 'bundle.zip');
  const main = await readFile(
    path.resolve(import.meta.dirname, '../platform/automation/examples/ifc-properties-csv/bundle/main.mjs'),
  );
  await writeFile(zipPath, zipSync({ 'main.mjs': new Uint8Array(main) }));

  await signIn(page, '/automation/appbundles/new');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Engine').selectOption('Local.WebIfc+1');
  await page.getByLabel('Zip file').setInputFiles(zipPath);
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('button', { name: 'Create appbundle' }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('list', { name: `Aliases of ${name}` })).toContainText('prod → v1');
  await expectNoSeriousAxeViolations(page);

  // A second version from the same zip, then the alias moved onto it.
  await page.getByRole('region', { name: 'New version' }).getByLabel('Zip file').setInputFiles(zipPath);
  await page.getByRole('button', { name: 'Upload as a new version' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Version 2 is uploaded' })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Version', { exact: true }).selectOption('2');
  await page.getByRole('button', { name: 'Move alias' }).click();
  await expect(page.getByRole('list', { name: `Aliases of ${name}` })).toContainText('prod → v2');

  await page.goto('/automation/activities/new');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Engine').selectOption('Local.WebIfc+1');
  await page.getByLabel(`DesignDataManager.${name}+prod`).check();
  await page.getByRole('button', { name: 'Add a parameter' }).click();
  await page.getByLabel('Name of parameter 1', { exact: true }).fill('model');
  await page.getByLabel('Local name of parameter 1').fill('model.ifc');
  await page.getByRole('button', { name: 'Add a parameter' }).click();
  await page.getByLabel('Name of parameter 2', { exact: true }).fill('properties');
  await page.getByLabel('Verb of parameter 2').selectOption('put');
  await page.getByLabel('Local name of parameter 2').fill('properties.csv');
  // The form offers the variables its appbundles and parameters make, paths quoted as the service requires.
  await page.getByRole('button', { name: 'Insert $(engine.path)' }).click();
  await page.getByRole('button', { name: `Insert "$(appbundles[${name}].path)"` }).click();
  await expect(page.getByLabel('Command line (one per line)')).toHaveValue(
    `$(engine.path) "$(appbundles[${name}].path)"`,
  );
  await page
    .getByLabel('Command line (one per line)')
    .fill(
      `$(engine.path)/node "$(appbundles[${name}].path)/main.mjs" "$(args[model].path)" "$(args[properties].path)"`,
    );
  await page.getByRole('button', { name: 'Create activity' }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible({ timeout: 30_000 });

  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await chooseModel(page, ['Architecture', 'Models'], 'demo-house.ifc', `${name}.csv`);
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(runHeading(page)).toContainText('Succeeded', { timeout: 120_000 });
  await expect(
    page.getByRole('list', { name: 'Outputs' }).getByRole('button', { name: `Download ${name}.csv` }),
  ).toHaveText(`${name}.csv v1`, { timeout: 30_000 });

  // Deleting asks for the name typed.
  await page.goto(`/automation/activities/DesignDataManager/${name}`);
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await expect(page.getByRole('button', { name: 'Delete', exact: true })).toBeDisabled();
  await page.getByLabel(`Type ${name} to confirm`).fill(name);
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Automation', level: 1 })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Owned activities' })).not.toContainText(name);
});
