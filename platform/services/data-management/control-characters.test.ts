import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TopFoldersResponse } from '../../../contracts/data-management';
import type { JsonApiErrorBody } from '../../../contracts/json-api';
import { signedInUser } from '../../testing/oauth-flow';
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform';

// Issue 26: a NUL (or other text PostgreSQL cannot hold) in an id or parameter is the client's
// mistake, answered in JSON:API form: 404 for an id in the path, 400 for a body or query field.
let platform: TestPlatform;
let call: (path: string, init?: RequestInit) => Promise<Response>;
let hubId: string;
let projectId: string;
let folderId: string;
beforeAll(async () => {
  platform = await createTestPlatform();
  const session = await signedInUser(platform, 'data:read data:write data:create');
  const hub = await platform.addHub('Nul Ltd', [session.user.email]);
  const project = await platform.addProject(hub.id, 'Nul Project');
  hubId = hub.id;
  projectId = project.id;
  call = async (path, init = {}) =>
    platform.request(path, { ...init, headers: { ...session.bearer, ...init.headers } });
  const top = (await (
    await call(`/project/v1/hubs/${hub.id}/projects/${project.id}/topFolders`)
  ).json()) as TopFoldersResponse;
  folderId = top.data[0]!.id;
});
afterAll(() => platform.close());

const JSON_API = { 'Content-Type': 'application/vnd.api+json' };

async function expectJsonApiError(response: Response, status: number) {
  expect(response.status).toBe(status);
  const body = (await response.json()) as JsonApiErrorBody;
  expect(body.errors[0]).toMatchObject({ status: String(status) });
}

describe('ids in the path', () => {
  it('answers 404 with errors[] to a NUL in any Data Management id', async () => {
    const project = () => `/data/v1/projects/${projectId}`;
    const paths = [
      '/project/v1/hubs/a%00b',
      `/project/v1/hubs/${hubId}/projects/%00`,
      `/project/v1/hubs/${hubId}/projects/${projectId}%00/topFolders`,
      '/data/v1/projects/%00/folders/x',
      `${project()}/folders/%00`,
      `${project()}/folders/${encodeURIComponent(folderId)}%00/contents`,
      `${project()}/items/%00`,
      `${project()}/items/urn%3Aa%00/versions`,
      `${project()}/versions/%00`,
      `${project()}/versions/%00/downloads`,
      `${project()}/downloads/%00`,
      `${project()}/jobs/%00`,
    ];
    for (const path of paths) await expectJsonApiError(await call(path), 404);
  });

  it('answers 404 to a download or job id that Base64-decodes to zero bytes or to text that is no id', async () => {
    for (const id of ['AAAA', 'AA', '_w', '7aA']) {
      await expectJsonApiError(await call(`/data/v1/projects/${projectId}/downloads/${id}`), 404);
      await expectJsonApiError(await call(`/data/v1/projects/${projectId}/jobs/${id}`), 404);
    }
  });

  it('answers 404 to a lone surrogate or a broken UTF-8 escape in an id', async () => {
    await expectJsonApiError(await call(`/data/v1/projects/${projectId}/items/%ED%A0%80`), 404);
    await expectJsonApiError(await call(`/data/v1/projects/${projectId}/folders/%FF%FE`), 404);
  });
});

describe('ids in bodies and queries', () => {
  const folderBody = (parent: string) =>
    JSON.stringify({
      jsonapi: { version: '1.0' },
      data: {
        type: 'folders',
        attributes: { name: 'New' },
        relationships: { parent: { data: { type: 'folders', id: parent } } },
      },
    });

  it('answers 400 with errors[] to a NUL in a parent, target, item or source id of a JSON body', async () => {
    const post = (path: string, body: string) =>
      call(`/data/v1/projects/${projectId}${path}`, { method: 'POST', headers: JSON_API, body });
    await expectJsonApiError(await post('/folders', folderBody('urn:a\u0000b')), 400);
    await expectJsonApiError(
      await post(
        '/storage',
        JSON.stringify({
          data: {
            type: 'objects',
            attributes: { name: 'a.txt' },
            relationships: { target: { data: { type: 'folders', id: '\u0000' } } },
          },
        }),
      ),
      400,
    );
    await expectJsonApiError(
      await post(
        '/items',
        JSON.stringify({
          data: {
            type: 'items',
            attributes: { displayName: 'a.txt' },
            relationships: { parent: { data: { type: 'folders', id: `${folderId}\u0000` } } },
          },
          included: [
            {
              type: 'versions',
              attributes: { name: 'a.txt' },
              relationships: { storage: { data: { type: 'objects', id: 'x' } } },
            },
          ],
        }),
      ),
      400,
    );
    await expectJsonApiError(
      await post(
        '/versions',
        JSON.stringify({
          data: {
            type: 'versions',
            relationships: {
              item: { data: { type: 'items', id: '\u0000' } },
              storage: { data: { type: 'objects', id: 'x' } },
            },
          },
        }),
      ),
      400,
    );
    await expectJsonApiError(
      await post(
        '/downloads',
        JSON.stringify({
          data: {
            type: 'downloads',
            attributes: { format: { fileType: 'ifc' } },
            relationships: { source: { data: { type: 'versions', id: '\u0000' } } },
          },
        }),
      ),
      400,
    );
  });

  it('answers 400 to a lone surrogate in a body, and to a NUL in a PATCH of a folder', async () => {
    const post = await call(`/data/v1/projects/${projectId}/folders`, {
      method: 'POST',
      headers: JSON_API,
      body: folderBody('\ud800'),
    });
    await expectJsonApiError(post, 400);
    const patch = await call(`/data/v1/projects/${projectId}/folders/${encodeURIComponent(folderId)}`, {
      method: 'PATCH',
      headers: JSON_API,
      body: JSON.stringify({ data: { type: 'folders', id: folderId, attributes: { hidden: true, extra: 'a\u0000' } } }),
    });
    await expectJsonApiError(patch, 400);
  });

  it('answers 400 to a NUL in a query parameter', async () => {
    await expectJsonApiError(await call(`/project/v1/hubs/${hubId}/projects?filter[id]=%00`), 400);
    await expectJsonApiError(
      await call(`/data/v1/projects/${projectId}/folders/${encodeURIComponent(folderId)}/contents?filter[type]=%00`),
      400,
    );
  });
});
