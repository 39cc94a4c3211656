import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';

/** Slices a chosen file and PUTs them with XHR, as the app does, then writes the time taken into the title. */
const uploader = (part: number, parallel: number) => `<!doctype html><title>ready</title>
<input type="file" aria-label="File">
<script>
document.querySelector('input').onchange = async (event) => {
  const file = event.target.files[0];
  const count = Math.ceil(file.size / ${part});
  const put = (index) => new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', '/parts/' + index);
    xhr.upload.onprogress = () => {};
    xhr.onload = () => (xhr.status === 200 ? resolve() : reject(new Error('status ' + xhr.status)));
    xhr.onerror = () => reject(new Error('network'));
    xhr.send(file.slice(index * ${part}, Math.min(file.size, (index + 1) * ${part})));
  });
  const started = performance.now();
  let next = 0;
  const worker = async () => { while (next < count) await put(next++); };
  try {
    await Promise.all(Array.from({ length: ${parallel} }, worker));
    document.title = 'done ' + (performance.now() - started);
  } catch (error) {
    document.title = 'failed ' + error.message;
  }
};
</script>`;

/**
 * Chromium's own ceiling for the app's way of sending a file: the same slices, the same number in
 * flight, the same XHR, to a local server that counts the bytes and discards them. Whatever this
 * reaches, no app and no server in the browser's place can beat it on this machine.
 */
export async function browserToSink(
  page: Page,
  file: string,
  size: number,
  part: number,
  parallel: number,
): Promise<number> {
  let received = 0;
  const server = createServer((request, response) => {
    if (request.method !== 'PUT') {
      response.writeHead(200, { 'Content-Type': 'text/html' }).end(uploader(part, parallel));
      return;
    }
    request.on('data', (chunk: Buffer) => (received += chunk.byteLength));
    request.on('end', () => response.end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const browser = page.context().browser();
  if (!browser) throw new Error('browser-sink: the page has no browser to open a tab in');
  const tab = await browser.newPage();
  try {
    await tab.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await tab.getByLabel('File').setInputFiles(file);
    // The page times itself: polling here only needs to notice the end.
    await tab.waitForFunction(() => document.title !== 'ready', undefined, { timeout: 600_000, polling: 1000 });
    const [outcome, milliseconds] = (await tab.title()).split(' ');
    if (outcome !== 'done' || received !== size)
      throw new Error(`browser-sink: ${await tab.title()}, ${received} of ${size} bytes`);
    return size / 1024 / 1024 / (Number(milliseconds) / 1000);
  } finally {
    await tab.close();
    server.close();
  }
}
