import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

const ROOT = path.resolve(import.meta.dirname, '..');
// Azurite's well-known development account (its documentation publishes the key).
const ACCOUNT = 'devstoreaccount1';
const KEY = Buffer.from(
  'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==',
  'base64',
);
const VERSION = '2021-10-04';

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

/** The Authorization and x-ms headers of a Shared Key request (Azure Storage's own signing), valid for repeats for 15 minutes. */
export function sharedKeyHeaders(
  method: string,
  url: URL,
  body: { length: number; type?: string } = { length: 0 },
): Record<string, string> {
  const ms = {
    'x-ms-date': new Date().toUTCString(),
    'x-ms-version': VERSION,
    ...(method === 'PUT' && url.searchParams.size === 0 ? { 'x-ms-blob-type': 'BlockBlob' } : {}),
  };
  const canonicalHeaders = Object.entries(ms)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => `${name}:${value}\n`)
    .join('');
  const query = [...url.searchParams]
    .map(([name, value]) => [name.toLowerCase(), value])
    .sort(([a], [b]) => a!.localeCompare(b!));
  const resource = `/${ACCOUNT}${url.pathname}${query.map(([name, value]) => `\n${name}:${value}`).join('')}`;
  const toSign =
    [method, '', '', body.length ? String(body.length) : '', '', body.type ?? '', '', '', '', '', '', ''].join('\n') +
    `\n${canonicalHeaders}${resource}`;
  const signature = createHmac('sha256', KEY).update(toSign, 'utf8').digest('base64');
  return {
    ...ms,
    Authorization: `SharedKey ${ACCOUNT}:${signature}`,
    ...(body.type ? { 'Content-Type': body.type } : {}),
  };
}

/**
 * Azurite's Blob service (the peer local emulator, a dev dependency) on a free port, in memory (run in a
 * temporary folder, where it keeps its debug files), with a
 * container of `count` small blobs: the URL of its List Blobs page of them and the headers to ask with.
 */
export async function azuriteWithBlobs(container: string, count: number) {
  const location = await mkdtemp(path.join(os.tmpdir(), 'ddm-bench-azurite-'));
  const port = await freePort();
  const started = performance.now();
  const child = spawn(
    path.join(ROOT, 'node_modules/.bin/azurite-blob'),
    [
      '--blobHost',
      '127.0.0.1',
      '--blobPort',
      String(port),
      '--inMemoryPersistence',
      '--silent',
      '--skipApiVersionCheck',
      '--disableTelemetry',
    ],
    { cwd: location, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => line.includes('successfully listens') && resolve());
    child.once('exit', (code) => reject(new Error(`azurite-blob exited (code ${code}) before listening`)));
  });
  const startMs = performance.now() - started;
  const base = `http://127.0.0.1:${port}/${ACCOUNT}/${container}`;
  const call = async (method: string, url: URL, body?: Uint8Array<ArrayBuffer>) => {
    const response = await fetch(url, {
      method,
      headers: sharedKeyHeaders(method, url, {
        length: body?.byteLength ?? 0,
        ...(body ? { type: 'application/octet-stream' } : {}),
      }),
      ...(body ? { body } : {}),
    });
    if (!response.ok)
      throw new Error(`azurite: ${method} ${url.pathname} answered ${response.status}: ${await response.text()}`);
  };
  await call('PUT', new URL(`${base}?restype=container`));
  for (let index = 0; index < count; index++)
    await call(
      'PUT',
      new URL(`${base}/drawings/sheet-${String(index).padStart(3, '0')}.pdf`),
      new Uint8Array(1024).fill(index),
    );
  const listUrl = new URL(`${base}?restype=container&comp=list&maxresults=${count}`);
  return {
    /** From the spawn to its "listens" line: the peer emulator's start. */
    startMs,
    pid: child.pid as number,
    listUrl: listUrl.href,
    headers: sharedKeyHeaders('GET', listUrl),
    async stop() {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
      await rm(location, { recursive: true, force: true });
    },
  };
}
