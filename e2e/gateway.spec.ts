import { expect, test, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { localPlatformConfig, startAppServer, type AppServer } from '../scripts/app-server';
import { demoBuildingIfc } from '../platform/demo/ifc-building';
import {
  PLATFORM_COMMAND,
  runPlatformCommand,
  seedDemo,
  startPlatform,
  type RunningPlatform,
} from '../scripts/platform-process';

// The app against "APS" through the gateway: a second platform plays the cloud, with a confidential
// `web` app whose secret only the gateway holds. The app starts pointed at that platform directly
// (its demo single-page app), and the person switches to the gateway in Settings.
const GATEWAY_NAME = 'Autodesk Platform Services (through a gateway)';

interface GatewayStack {
  app: AppServer;
  upstream: RunningPlatform;
  gateway: { url: string; child: ChildProcess; output: string[] };
  web: { client_id: string; client_secret: string };
  demo: { email: string; password: string };
  dataDir: string;
}

let stack: GatewayStack;

async function startGateway(args: string[], secret: string) {
  const child = spawn(process.execPath, [...PLATFORM_COMMAND, 'gateway', ...args], {
    env: { ...process.env, APS_CLIENT_SECRET: secret },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      output.push(line);
      const match = /^gateway listening on (\S+)$/.exec(line);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`the gateway exited (${code}): ${output.join('\n')}`)));
  });
  return { url, child, output };
}

test.beforeAll(async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ddm-e2e-gateway-'));
  const app = await startAppServer('dist', '127.0.0.1', 0);
  const demo = await seedDemo(app.origin, dataDir);
  const web = JSON.parse(
    await runPlatformCommand([
      'admin',
      'app',
      'create',
      '--name',
      'APS web app',
      '--type',
      'web',
      '--callback',
      `${app.origin}/auth/callback`,
      '--data-dir',
      dataDir,
    ]),
  ) as GatewayStack['web'];
  const upstream = await startPlatform(['--port', '0', '--data-dir', dataDir, '--app-origin', app.origin]);
  app.setConfig(localPlatformConfig(upstream.url, demo.client_id));
  const gateway = await startGateway(
    ['--upstream', upstream.url, '--client-id', web.client_id, '--port', '0', '--app-origin', app.origin],
    web.client_secret,
  );
  stack = { app, upstream, gateway, web, demo, dataDir };
});

test.afterAll(async () => {
  if (stack.gateway.child.exitCode === null) {
    const exited = once(stack.gateway.child, 'exit');
    stack.gateway.child.kill('SIGTERM');
    await exited;
  }
  expect(stack.gateway.output.join('\n')).not.toContain(stack.web.client_secret);
  await stack.upstream.stop();
  await stack.app.close();
  await rm(stack.dataDir, { recursive: true, force: true });
});

/** Every response the page sees, headers and text, checked for the secret at the end. */
function watchForSecret(page: Page) {
  const texts: Promise<string>[] = [];
  page.on('response', (response) => {
    texts.push(
      response.allHeaders().then(async (headers) => JSON.stringify(headers) + (await response.text().catch(() => ''))),
    );
  });
  return async () => {
    const all = await Promise.all(texts);
    expect(all.length).toBeGreaterThan(5);
    for (const text of all) expect(text).not.toContain(stack.web.client_secret);
    // Nor in the page as it stands, nor in anything the app keeps in this browser.
    const kept = await page.evaluate(() =>
      JSON.stringify([{ ...localStorage }, { ...sessionStorage }, document.cookie]),
    );
    expect((await page.content()) + kept).not.toContain(stack.web.client_secret);
  };
}

test('through the gateway: switch in Settings, sign in on the upstream page, browse, upload, translate, read a property', async ({
  page,
}) => {
  // Translation runs on the upstream; the rest of the journey takes a few seconds.
  test.setTimeout(180_000);
  const checkSecret = watchForSecret(page);
  await page.goto(`${stack.app.origin}/settings`);
  await page.getByRole('radio', { name: new RegExp(GATEWAY_NAME.replace(/[()]/g, '\\$&')) }).check();
  await page.getByRole('textbox', { name: 'Gateway URL' }).fill(stack.gateway.url);
  await page.getByRole('textbox', { name: 'Client ID' }).fill(stack.web.client_id);
  await page.getByRole('button', { name: 'Save and sign in again' }).click();

  await page.goto(`${stack.app.origin}/hubs`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The gateway sent the browser on to the upstream's own sign-in page.
  await expect(page).toHaveURL(new RegExp(`^${stack.upstream.url}/`));
  await page.getByLabel('Email').fill(stack.demo.email);
  await page.getByLabel('Password').fill(stack.demo.password);
  const exchange = page.waitForRequest((request) => request.url() === `${stack.gateway.url}/authentication/v2/token`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Allow' }).click();
  // The code went to the gateway as a public client's form: client_id, no secret.
  expect((await exchange).postData()).toContain(`client_id=${stack.web.client_id}`);
  expect((await exchange).headers()['authorization']).toBeUndefined();

  const hubs = page.waitForResponse((response) => response.url().startsWith(`${stack.gateway.url}/project/v1/hubs`));
  await expect(page.getByRole('heading', { name: 'Hubs', level: 1 })).toBeVisible();
  expect((await hubs).status()).toBe(200);
  await page.getByRole('table', { name: 'Hubs' }).getByRole('link', { name: 'Demo Company' }).click();
  await expect(page.getByRole('heading', { name: 'Demo Company', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Riverside Offices' }).first().click();
  await expect(page.getByRole('heading', { name: 'Riverside Offices', level: 1 })).toBeVisible();
  const grid = page.getByRole('grid');
  await grid.getByRole('link', { name: 'Project Files', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Project Files', level: 1 })).toBeVisible();

  // Upload a design with the folder's Upload button: its parts go to signed URLs the gateway rewrote to itself.
  const projectFiles = page.url();
  const part = page.waitForRequest(
    (request) => request.method() === 'PUT' && request.url().startsWith(`${stack.gateway.url}/gateway/v1/signed/`),
  );
  await page.getByLabel('Files to upload').setInputFiles({
    name: 'gateway-tower.ifc',
    mimeType: 'application/x-step',
    buffer: Buffer.from(demoBuildingIfc({ name: 'Gateway Tower', storeys: 1 })),
  });
  await expect(
    page.getByRole('region', { name: 'Uploads' }).getByRole('listitem', { name: 'gateway-tower.ifc' }),
  ).toContainText('Uploaded as version 1', { timeout: 60_000 });
  expect((await (await part).response())?.status()).toBe(200);
  await expect(grid.getByRole('link', { name: 'gateway-tower.ifc', exact: true })).toBeVisible();

  for (const name of ['Fabrication', 'ring.stl']) await grid.getByRole('link', { name, exact: true }).click();

  // The download goes through a signed URL the gateway rewrote to itself.
  const signed = page.waitForRequest((request) => request.url().startsWith(`${stack.gateway.url}/gateway/v1/signed/`));
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download version 1' }).click();
  expect((await download).suggestedFilename()).toBe('ring.stl');
  expect((await (await signed).response())?.status()).toBe(200);

  await page.getByRole('button', { name: /Account menu/ }).click();
  await expect(
    page.getByRole('group', { name: new RegExp(`Platform: ${GATEWAY_NAME.replace(/[()]/g, '\\$&')}`) }),
  ).toBeVisible();
  await page.keyboard.press('Escape');

  // Translate the uploaded design on the upstream's Model Derivative service, through the gateway.
  await page.goto(projectFiles);
  await grid.getByRole('link', { name: 'gateway-tower.ifc', exact: true }).click();
  await page.getByRole('link', { name: 'Translate', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Translate gateway-tower.ifc' });
  const job = page.waitForResponse(
    (response) =>
      response.url() === `${stack.gateway.url}/modelderivative/v2/designdata/job` &&
      response.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Translate', exact: true }).click();
  expect((await job).status()).toBe(200);

  // Read a property of a wall: the object tree and its properties come through the gateway too.
  await page.getByRole('tab', { name: 'Properties' }).click();
  const search = page.getByRole('searchbox', { name: 'Search the object tree' });
  await expect(search).toBeVisible({ timeout: 120_000 });
  await search.fill('South Wall Ground Floor');
  await page.getByRole('treeitem', { name: /South Wall Ground Floor/ }).click();
  const properties = page.getByRole('table', { name: /Properties of South Wall Ground Floor/ });
  await expect(properties.getByRole('row', { name: /FireRating/ })).toContainText('REI 90');

  // Sign-out goes through the gateway to the upstream's logout, ending its session: the next sign-in asks for the password.
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'You signed out' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`^${stack.upstream.url}/`));
  await expect(page.getByLabel('Password')).toBeVisible();
  await checkSecret();
});
