import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FolderContentsResponse, FolderResponse, TopFoldersResponse } from '../../../contracts/data-management';
import { signedInUser } from '../../testing/oauth-flow';
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform';
import { pageMemory } from './page-memory';

describe('page memory', () => {
  const bytes = (text: string) => new Uint8Array(Buffer.from(text));

  it('renders a page once for the same rows and URL, and again for other rows or another URL', () => {
    const memory = pageMemory();
    const rows = [{ id: 'a' }];
    const rendered: string[] = [];
    const render = (text: string) => () => (rendered.push(text), bytes(text));
    const first = memory.page([rows, 1], 'http://x/page', render('one'));
    expect(memory.page([rows, 1], 'http://x/page', render('again'))).toBe(first);
    expect(rendered).toEqual(['one']);
    memory.page([rows, 1], 'http://x/page?other', render('other url'));
    memory.page([rows, 2], 'http://x/page', render('other total'));
    memory.page([[{ id: 'a' }], 2], 'http://x/page', render('other rows, equal but not the same'));
    expect(rendered).toEqual(['one', 'other url', 'other total', 'other rows, equal but not the same']);
  });

  it('counts a list read as empty by its emptiness: no rows were read, so each request makes its own', () => {
    const memory = pageMemory();
    const rows = [{ id: 'a' }];
    let renders = 0;
    const render = () => (renders++, bytes('page'));
    memory.page([rows, [], []], 'http://x/page', render);
    memory.page([rows, [], []], 'http://x/page', render);
    expect(renders).toBe(1);
    memory.page([rows, [{ id: 'b' }], []], 'http://x/page', render);
    expect(renders).toBe(2);
  });

  it('keeps a few URLs for one set of rows, not as many as are asked for', () => {
    const memory = pageMemory();
    const rows = [{ id: 'a' }];
    let renders = 0;
    const render = () => (renders++, bytes('page'));
    for (let n = 0; n < 100; n++) memory.page([rows], `http://x/page?junk=${n}`, render);
    memory.page([rows], 'http://x/page?junk=99', render);
    expect(renders).toBe(100);
    memory.page([rows], 'http://x/page?junk=0', render);
    expect(renders).toBe(101);
  });
});

describe('a folder page answered from memory', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await createTestPlatform();
  });
  afterAll(() => platform.close());

  it('tells of every change to the folder at the next request, plain and compressed', async () => {
    const session = await signedInUser(platform, 'data:read data:create data:write');
    const hub = await platform.addHub('Memory', [session.user.email]);
    const project = await platform.addProject(hub.id, 'Tower');
    const top = await platform.request(`/project/v1/hubs/${hub.id}/projects/${project.id}/topFolders`, { headers: session.bearer });
    const topId = ((await top.json()) as TopFoldersResponse).data[0]!.id;
    const data = `/data/v1/projects/${project.id}`;
    const send = (method: string, path: string, body: unknown) => platform.request(`${data}${path}`, {
      method, headers: { ...session.bearer, 'Content-Type': 'application/vnd.api+json' }, body: JSON.stringify({ jsonapi: { version: '1.0' }, data: body }),
    });
    const newFolder = async (name: string) => {
      const created = await send('POST', '/folders', { type: 'folders', attributes: { name }, relationships: { parent: { data: { type: 'folders', id: topId } } } });
      expect(created.status).toBe(201);
      return ((await created.json()) as FolderResponse).data.id;
    };
    const names = async (encoding: string) => {
      const page = await platform.request(`${data}/folders/${encodeURIComponent(topId)}/contents`, { headers: { ...session.bearer, 'Accept-Encoding': encoding } });
      expect(page.status).toBe(200);
      const text = encoding === 'gzip' ? (await import('node:zlib')).gunzipSync(Buffer.from(await page.arrayBuffer())).toString() : await page.text();
      return (JSON.parse(text) as FolderContentsResponse).data.map((entry) => entry.attributes.displayName);
    };
    const both = async () => {
      const [plain, packed] = [await names('identity'), await names('gzip')];
      expect(packed).toEqual(plain);
      expect(await names('identity')).toEqual(plain);
      return plain;
    };

    const plans = await newFolder('Plans');
    await newFolder('Sections');
    expect(await both()).toEqual(['Plans', 'Sections']);
    expect((await send('PATCH', `/folders/${encodeURIComponent(plans)}`, { type: 'folders', id: plans, attributes: { name: 'Plans 2026' } })).status).toBe(200);
    expect(await both()).toEqual(['Plans 2026', 'Sections']);
    await newFolder('Details');
    expect(await both()).toEqual(['Details', 'Plans 2026', 'Sections']);
    expect((await send('PATCH', `/folders/${encodeURIComponent(plans)}`, { type: 'folders', id: plans, attributes: { hidden: true } })).status).toBe(200);
    expect(await both()).toEqual(['Details', 'Sections']);
  });
});
