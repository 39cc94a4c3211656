import { describe, expect, it } from 'vitest';
import type { JsonApiErrorBody } from '../../contracts/json-api';
import { createTestPlatform } from '../testing/test-platform';
import { UnstorableTextError } from '../storage/db/db';
import { pathProblem, queryProblem } from './request-text';
import { jsonTextProblem } from './text-rules';

describe('the text rules of paths, queries and bodies', () => {
  it('refuses control characters, broken escapes and encoded surrogates in a path', () => {
    for (const bad of ['/a/%00', '/a%01b', '/a/%7F', '/a/%FF', '/a/%E0%A4', '/a/%ED%A0%80', '/a/%zz', '/a/%'])
      expect(pathProblem(bad)).toBeDefined();
  });

  it('lets through what the official clients send: doubled slashes, plus signs, escapes, Unicode', () => {
    for (const good of [
      '//oss/v2/buckets',
      '/a/plan+1.ifc',
      '/a/plan%2B1.ifc',
      '/a/urn%3Aadsk%2Fx',
      '/a/%E8%A8%AD%E8%A8%88%20%F0%9F%98%80',
      '/a/',
    ]) {
      expect(pathProblem(good)).toBeUndefined();
    }
  });

  it('refuses the same in query names and values, and reads + as a space', () => {
    for (const bad of ['a=%00', '%00=a', 'a=b&c=%0A', 'a=%FF', 'a=%ED%B0%80']) expect(queryProblem(bad)).toBeDefined();
    for (const good of ['', 'a', 'a=', 'a=b+c', 'filter[id]=x,y&page[limit]=2', 'beginsWith=plan%2B%C3%A9', '=&&'])
      expect(queryProblem(good)).toBeUndefined();
  });

  it('names the first string of a JSON body, key or value, that cannot be stored', () => {
    expect(jsonTextProblem({ data: { attributes: { name: 'a\u0000' } } })).toContain('data.attributes.name');
    expect(jsonTextProblem({ list: ['ok', '\ud800'] })).toContain('list[1]');
    expect(jsonTextProblem({ ['k\u0000']: 1 })).toContain('field name');
    expect(jsonTextProblem({ text: 'tab\tnew\nline 😀', n: 1, b: true, z: null })).toBeUndefined();
    let deep: unknown = 'x';
    for (let level = 0; level < 100; level++) deep = [deep];
    expect(jsonTextProblem(deep)).toContain('nests deeper');
  });
});

describe('the one onError', () => {
  it("answers UnstorableTextError from storage with 400 in the owning service's format, not 500", async () => {
    const platform = await createTestPlatform();
    try {
      platform.app.get('/data/v1/safety-net', () => {
        throw new UnstorableTextError(1);
      });
      platform.app.get('/oss/v2/safety-net', () => {
        throw new UnstorableTextError(1);
      });
      const dm = await platform.request('/data/v1/safety-net');
      expect(dm.status).toBe(400);
      expect(((await dm.json()) as JsonApiErrorBody).errors[0]).toMatchObject({ status: '400', code: 'BAD_INPUT' });
      const oss = await platform.request('/oss/v2/safety-net');
      expect(oss.status).toBe(400);
      expect(await oss.json()).toEqual({ reason: expect.stringContaining('NUL') });
    } finally {
      await platform.close();
    }
  });
});
