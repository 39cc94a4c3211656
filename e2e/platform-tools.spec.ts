import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Locator, type Request } from '@playwright/test';
import type { FaultRule } from '../platform/faults/rules';
import { expectNoSeriousAxeViolations, putObject, signIn, storedSession } from './steps';
import { generatedFile, openFurniture, panel, rowNamed } from './upload-steps';

/**
 * The platform's own tools with the app on top: a fault rule added through the admin API that the
 * upload meets and survives, and the Requests page that shows what the platform answered, redacted.
 */

const platformUrl = () => process.env['E2E_PLATFORM_URL'] ?? '';
const faultsUrl = () => `${platformUrl()}/_platform/faults`;
// The app cuts files into 16 MiB parts (src/features/upload/part-plan.ts): 40 MB is three of them.
const SIZE = 40 * 1000 * 1000;
const run = Date.now().toString(36);
let file: ReturnType<typeof generatedFile>;

const sha1 = async (filePath: string) =>
  createHash('sha1')
    .update(await readFile(filePath))
    .digest('hex');

test.beforeAll(() => {
  file = generatedFile(SIZE);
});

test.afterAll(() => file.dispose());

// The shared platform serves every spec: no rule outlives the test that added it.
test.afterEach(async ({ request }) => {
  expect((await request.delete(faultsUrl())).status()).toBe(204);
});

async function faults(request: APIRequestContext): Promise<FaultRule[]> {
  return ((await (await request.get(faultsUrl())).json()) as { faults: FaultRule[] }).faults;
}

/** The list of headers under a heading of the request's detail: a `dl`, which has no role to find it by. */
const headerList = (detail: Locator, title: string) =>
  detail.getByRole('heading', { name: title }).locator('xpath=following-sibling::dl[1]');

test('an upload survives a fault partway', async ({ page, request }) => {
  test.setTimeout(120_000);
  const name = `faulted-${run}.bin`;
  const source = file.named(name);
  const added = await request.post(faultsUrl(), {
    data: { service: 'oss', method: 'PUT', path: '/oss/v2/signed/uploads/*/parts/2', status: 503, times: 1 },
  });
  expect(added.status()).toBe(201);
  const rule = (await added.json()) as FaultRule;

  await openFurniture(page);
  // Every attempt at part 2 as the browser sent it: the fault's answer, then the one that went through.
  const partTwo: Request[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'PUT' && /\/uploads\/[^/]+\/parts\/2\?/.test(sent.url())) partTwo.push(sent);
  });
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await (await chooser).setFiles(source);
  await expect(panel(page).getByRole('listitem', { name })).toContainText('Uploaded as version 1', {
    timeout: 60_000,
  });
  await expect(rowNamed(page, name)).toContainText('40 MB');
  await expect(rowNamed(page, name)).toContainText('v1');

  expect((await faults(request)).find((held) => held.id === rule.id)?.fired).toBe(1);
  expect(partTwo).toHaveLength(2);
  expect((await partTwo[1]?.response())?.status()).toBe(200);

  // The bytes that come back are the bytes that went.
  await rowNamed(page, name).getByRole('link', { name, exact: true }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download version 1' }).click();
  expect((await download).suggestedFilename()).toBe(name);
  expect(await sha1(await (await download).path())).toBe(await sha1(source));
});

test('the Requests page shows the platform’s requests', async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Hubs', level: 1 })).toBeVisible();
  // A request of the test's own, with the app's token, at a path no other request has.
  const objectKey = `inspected-${run}.txt`;
  const bucketKey = await putObject(page, objectKey, Buffer.from('seen by the inspector\n'));
  const path = `/oss/v2/buckets/${bucketKey}/objects/${objectKey}`;
  const { accessToken } = await storedSession(page);
  expect(accessToken).not.toBe('');

  await page.getByRole('navigation').getByRole('link', { name: 'Requests' }).click();
  await expect(page.getByRole('heading', { name: 'Requests', level: 1 })).toBeVisible();
  await page.getByRole('combobox', { name: 'Service' }).selectOption({ label: 'OSS' });
  await expect(page).toHaveURL(/[?&]service=oss/);
  const table = page.getByRole('table', { name: 'Requests' });
  // Only OSS is listed: not the sign-in, the folders, nor this page's own polling of the platform.
  for (const other of ['Authentication', 'Data Management', 'Platform'])
    await expect(table.getByRole('cell', { name: other, exact: true })).toHaveCount(0);
  await table.getByRole('button', { name: path, exact: true }).click();

  const detail = page.getByRole('region', { name: `PUT ${path}` });
  await expect(detail.getByRole('heading', { name: 'Request headers' })).toBeVisible();
  await expect(detail.getByRole('heading', { name: 'Response headers' })).toBeVisible();
  const sent = headerList(detail, 'Request headers');
  await expect(sent.getByRole('term').filter({ hasText: /^authorization$/i })).toHaveCount(1);
  await expect(sent.getByRole('definition').filter({ hasText: /^Bearer REDACTED$/ })).toHaveCount(1);
  const answered = headerList(detail, 'Response headers');
  await expect(answered.getByRole('term').filter({ hasText: /^content-type$/i })).toHaveCount(1);
  await expect(answered.getByRole('definition').filter({ hasText: /^application\/json/ })).toHaveCount(1);
  await expect(detail).not.toContainText(accessToken);
  await expect(page.locator('body')).not.toContainText(accessToken);

  await expectNoSeriousAxeViolations(page);
});
