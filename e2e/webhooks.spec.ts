import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './steps';
import { grid, openFurniture, panel, pickFiles, rowNamed } from './upload-steps';

/**
 * Webhooks as a person sets one up: a hook from a folder's menu, a file uploaded below it, the
 * callback arriving signed at a receiver of the test's own, and the delivery on the Webhooks page.
 */

// Unique per run, so a platform kept from an earlier run does not already hold these names.
const run = Date.now().toString(36);
const SECRET = `e2eSecret${run}`.padEnd(40, 'x');

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  /** The body's exact bytes: the signature is over these, not over a re-serialised object. */
  body: Buffer;
}

let server: Server;
const received: Received[] = [];

test.beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const receiverUrl = (path: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;

interface Envelope {
  hook?: { event?: string };
  payload?: { name?: string; ext?: string };
}

const parsed = (entry: Received) => JSON.parse(entry.body.toString('utf8')) as Envelope;

async function newFolder(page: Page, name: string) {
  await page.getByRole('button', { name: 'New folder' }).click();
  const dialog = page.getByRole('dialog', { name: 'New folder' });
  await dialog.getByLabel('Folder name').fill(name);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(rowNamed(page, name)).toBeVisible();
}

test('a hook made from a folder’s menu is told, signed, of a file uploaded there', async ({ page }) => {
  test.setTimeout(150_000);
  const folderName = `Hooked ${run}`;
  const fileName = `hooked-${run}.txt`;
  const path = `/aps/${run}`;
  const callbackUrl = receiverUrl(path);

  await openFurniture(page);
  await newFolder(page, folderName);

  // The folder's menu: "Notify a URL of changes…".
  await rowNamed(page, folderName)
    .getByRole('gridcell')
    .filter({ has: page.locator('time') })
    .click({ button: 'right' });
  await page.getByRole('menu').getByRole('menuitem', { name: 'Notify a URL of changes…' }).click();
  const dialog = page.getByRole('dialog', { name: `Notify a URL of changes in “${folderName}”` });
  await dialog.getByLabel('Callback URL').fill(callbackUrl);
  await expect(dialog.getByRole('radio', { name: 'One event' })).toBeChecked();
  await expect(dialog.getByRole('combobox', { name: 'Event' })).toHaveValue('dm.version.added');
  await dialog.getByLabel('Secret (optional)').fill(SECRET);
  await expectNoSeriousAxeViolations(page);
  await dialog.getByRole('button', { name: 'Create' }).click();
  const made = page.getByRole('dialog', { name: `Notifying about “${folderName}”` });
  await expect(made.getByRole('status')).toContainText(`One hook now tells ${callbackUrl} of dm.version.added`);
  await made.getByRole('button', { name: 'Done' }).click();

  // A file into that folder.
  await grid(page).getByRole('link', { name: folderName, exact: true }).click();
  await expect(page.getByRole('heading', { name: folderName, level: 1 })).toBeVisible();
  await pickFiles(page, [{ name: fileName, mimeType: 'text/plain', buffer: Buffer.from('told about\n') }]);
  await expect(panel(page).getByRole('listitem', { name: fileName })).toContainText('Uploaded as version 1', {
    timeout: 60_000,
  });

  // The receiver got dm.version.added for it, signed over the exact bytes with the hook's secret.
  await expect
    .poll(() => received.filter((entry) => entry.path === path && parsed(entry).payload?.name === fileName).length, {
      timeout: 30_000,
    })
    .toBe(1);
  const callback = received.find((entry) => entry.path === path && parsed(entry).payload?.name === fileName)!;
  expect(parsed(callback).hook?.event).toBe('dm.version.added');
  expect(parsed(callback).payload?.ext).toBe('txt');
  expect(callback.headers['content-type']).toMatch(/^application\/json/);
  expect(callback.headers['x-adsk-delivery-id']).toMatch(/^httpadapter~/);
  const expected = `sha1hash=${createHmac('sha1', SECRET).update(callback.body).digest('hex')}`;
  expect(callback.headers['x-adsk-signature']).toBe(expected);

  // The Webhooks page shows the hook and, live, its delivery answered 200.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Webhooks' }).click();
  await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Filter hooks' }).fill(run);
  const hooks = page.getByRole('table', { name: 'Hooks for dm.version.added' });
  await expect(hooks.getByRole('row').filter({ hasText: callbackUrl })).toContainText(`Folder “${folderName}”`);
  await hooks.getByRole('button', { name: callbackUrl }).click();
  const hook = page.getByRole('region', { name: 'dm.version.added' });
  const deliveries = hook.getByRole('table', { name: 'Deliveries' });
  await expect(deliveries.getByRole('row').filter({ hasText: 'delivered 200' })).toHaveCount(1, { timeout: 20_000 });
  await deliveries.getByRole('button', { name: 'dm.version.added' }).click();
  const delivery = hook.getByRole('region', { name: 'Delivery of dm.version.added' });
  await expect(delivery).toContainText(`x-adsk-signature: ${expected}`);
  await expect(delivery.getByRole('region', { name: 'Attempt 1 request' })).toContainText(fileName);
  await expect(delivery.getByRole('region', { name: 'Attempt 1 response' })).toContainText('200');
  await expectNoSeriousAxeViolations(page);

  // Deleting asks once, names what goes, and the hook leaves the list.
  await hook.getByRole('button', { name: 'Delete hook…' }).click();
  await page.getByRole('dialog', { name: 'Delete this hook?' }).getByRole('button', { name: 'Delete hook' }).click();
  await expect(hooks.getByRole('button', { name: callbackUrl })).toHaveCount(0);
});
