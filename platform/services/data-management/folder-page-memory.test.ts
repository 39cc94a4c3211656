import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FolderContentsResponse, FolderResponse, TopFoldersResponse } from '../../../contracts/data-management';
import { signedInUser } from '../../testing/oauth-flow';
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform';

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
    const top = await platform.request(`/project/v1/hubs/${hub.id}/projects/${project.id}/topFolders`, {
      headers: session.bearer,
    });
    const topId = ((await top.json()) as TopFoldersResponse).data[0]!.id;
    const data = `/data/v1/projects/${project.id}`;
    const send = (method: string, path: string, body: unknown) =>
      platform.request(`${data}${path}`, {
        method,
        headers: { ...session.bearer, 'Content-Type': 'application/vnd.api+json' },
        body: JSON.stringify({ jsonapi: { version: '1.0' }, data: body }),
      });
    const newFolder = async (name: string) => {
      const created = await send('POST', '/folders', {
        type: 'folders',
        attributes: { name },
        relationships: { parent: { data: { type: 'folders', id: topId } } },
      });
      expect(created.status).toBe(201);
      return ((await created.json()) as FolderResponse).data.id;
    };
    const names = async (encoding: string) => {
      const page = await platform.request(`${data}/folders/${encodeURIComponent(topId)}/contents`, {
        headers: { ...session.bearer, 'Accept-Encoding': encoding },
      });
      expect(page.status).toBe(200);
      const text =
        encoding === 'gzip'
          ? (await import('node:zlib')).gunzipSync(Buffer.from(await page.arrayBuffer())).toString()
          : await page.text();
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
    expect(
      (
        await send('PATCH', `/folders/${encodeURIComponent(plans)}`, {
          type: 'folders',
          id: plans,
          attributes: { name: 'Plans 2026' },
        })
      ).status,
    ).toBe(200);
    expect(await both()).toEqual(['Plans 2026', 'Sections']);
    await newFolder('Details');
    expect(await both()).toEqual(['Details', 'Plans 2026', 'Sections']);
    expect(
      (
        await send('PATCH', `/folders/${encodeURIComponent(plans)}`, {
          type: 'folders',
          id: plans,
          attributes: { hidden: true },
        })
      ).status,
    ).toBe(200);
    expect(await both()).toEqual(['Details', 'Sections']);
  });
});
