import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fetchFollowingRedirects, RedirectError } from './redirects';
import { startFileServer, type FileServer } from '../testing/automation/file-server';

// Two servers on 127.0.0.1, on two ports: two origins.
let first: FileServer;
let second: FileServer;
beforeAll(async () => {
  [first, second] = await Promise.all([startFileServer(), startFileServer()]);
  first.files.set('a.txt', Buffer.from('from first'));
  second.files.set('a.txt', Buffer.from('from second'));
});
afterAll(async () => {
  await Promise.all([first.close(), second.close()]);
});
beforeEach(() => {
  for (const server of [first, second]) {
    server.requests.length = 0;
    server.redirects.clear();
  }
});

const SECRETS = {
  Authorization: 'Bearer secret',
  'x-api-key': 'key',
  Cookie: 'session=1',
  'Proxy-Authorization': 'Basic cHJveHk=',
};
const credentialsIn = (headers: Record<string, unknown>) =>
  Object.keys(headers).filter((name) => Object.keys(SECRETS).some((secret) => secret.toLowerCase() === name));
const lastRequest = (server: FileServer) => server.requests.at(-1)!;

describe('fetchFollowingRedirects', () => {
  it('keeps the argument headers through a redirect within the origin', async () => {
    first.redirects.set('/moved', { status: 302, location: '/files/a.txt' });
    const response = await fetchFollowingRedirects(fetch, {
      url: `${first.url}/moved`,
      method: 'get',
      headers: SECRETS,
    });
    expect(await response.text()).toBe('from first');
    expect(credentialsIn(lastRequest(first).headers)).toEqual([
      'authorization',
      'x-api-key',
      'cookie',
      'proxy-authorization',
    ]);
  });

  it('sends none of them to another origin, nor back to the first one afterwards, and says so', async () => {
    first.redirects.set('/away', { status: 302, location: `${second.url}/files/a.txt` });
    const lines: string[] = [];
    const response = await fetchFollowingRedirects(fetch, {
      url: `${first.url}/away`,
      method: 'GET',
      headers: SECRETS,
      ownHeaders: { Accept: 'text/plain' },
      log: (line) => lines.push(line),
    });
    expect(await response.text()).toBe('from second');
    expect(credentialsIn(lastRequest(second).headers)).toEqual([]);
    expect(lastRequest(second).headers.accept).toBe('text/plain');
    expect(lines).toEqual(["Redirected to another origin: the argument's headers are not sent there."]);

    first.redirects.set('/round', { status: 307, location: `${second.url}/back` });
    second.redirects.set('/back', { status: 307, location: `${first.url}/files/a.txt` });
    expect(
      await (
        await fetchFollowingRedirects(fetch, { url: `${first.url}/round`, method: 'GET', headers: SECRETS })
      ).text(),
    ).toBe('from first');
    expect(credentialsIn(lastRequest(first).headers)).toEqual([]);
  });

  it('sends an upload again on a 307 or 308, its length declared, without the credentials elsewhere', async () => {
    first.redirects.set('/upload', { status: 307, location: `${second.url}/files/stored.bin` });
    const body = () => new Blob(['file bytes']).stream();
    const response = await fetchFollowingRedirects(fetch, {
      url: `${first.url}/upload`,
      method: 'put',
      headers: SECRETS,
      ownHeaders: { 'Content-Length': '10' },
      body,
    });
    expect(response.status).toBe(200);
    expect(second.files.get('stored.bin')?.toString()).toBe('file bytes');
    expect(lastRequest(second)).toMatchObject({ method: 'PUT', headers: { 'content-length': '10' } });
    expect(credentialsIn(lastRequest(second).headers)).toEqual([]);
  });

  it("changes the method as fetch does: 303, and 301/302 after a POST, go on as a GET without the body's headers", async () => {
    first.redirects.set('/see-other', { status: 303, location: '/files/a.txt' });
    first.redirects.set('/found', { status: 302, location: '/files/a.txt' });
    first.redirects.set('/moved-put', { status: 301, location: '/files/put.txt' });
    const send = (path: string, method: string) =>
      fetchFollowingRedirects(fetch, {
        url: `${first.url}${path}`,
        method,
        headers: { 'Content-Type': 'text/plain', 'x-api-key': 'key' },
        body: () => 'data',
      });
    for (const [path, method] of [
      ['/see-other', 'PUT'],
      ['/found', 'POST'],
    ] as const) {
      expect(await (await send(path, method)).text()).toBe('from first');
      expect(lastRequest(first)).toMatchObject({ method: 'GET', path: '/files/a.txt', body: Buffer.alloc(0) });
      expect(lastRequest(first).headers).not.toHaveProperty('content-type');
      expect(lastRequest(first).headers['x-api-key']).toBe('key');
    }
    expect((await send('/moved-put', 'PUT')).status).toBe(200);
    expect(lastRequest(first)).toMatchObject({ method: 'PUT', path: '/files/put.txt', body: Buffer.from('data') });
  });

  it('gives up after 5 redirects, and follows none to a scheme other than http(s)', async () => {
    first.redirects.set('/loop', { status: 302, location: '/loop' });
    first.redirects.set('/file', { status: 302, location: 'file:///etc/passwd' });
    await expect(fetchFollowingRedirects(fetch, { url: `${first.url}/loop`, method: 'GET' })).rejects.toThrow(
      new RedirectError('More than 5 redirects.'),
    );
    expect(first.requests).toHaveLength(6);
    await expect(fetchFollowingRedirects(fetch, { url: `${first.url}/file`, method: 'GET' })).rejects.toThrow(
      /file: URL is not followed/,
    );
  });

  it('drops the credentials when https redirects to http on the same host', async () => {
    const sent: { url: string; headers: Headers }[] = [];
    const fetcher = ((url: string, init: RequestInit) => {
      sent.push({ url, headers: new Headers(init.headers) });
      return Promise.resolve(
        url.startsWith('https:')
          ? new Response(null, { status: 301, headers: { Location: 'http://storage.test/a' } })
          : new Response('plain'),
      );
    }) as typeof fetch;
    expect(
      await (
        await fetchFollowingRedirects(fetcher, { url: 'https://storage.test/a', method: 'GET', headers: SECRETS })
      ).text(),
    ).toBe('plain');
    expect(sent.map(({ url, headers }) => [url, headers.get('authorization')])).toEqual([
      ['https://storage.test/a', 'Bearer secret'],
      ['http://storage.test/a', null],
    ]);
  });
});
