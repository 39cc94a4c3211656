import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fieldPath } from './body-fields';
import { folderChange, folderCreation, itemCreation, versionCreation } from './request-bodies';

// The schemas alone, without a platform: the first problem's message is the error body's detail.
const firstProblem = (schema: z.ZodType, body: unknown) => {
  const parsed = schema.safeParse(body);
  return parsed.success ? undefined : parsed.error.issues[0]!.message;
};
const folder = (data: object) => ({
  data: { type: 'folders', attributes: { name: 'Plans' }, relationships: { parent: { data: { id: 'f1' } } }, ...data },
});

describe('request bodies', () => {
  it('names a field by the path the service reads it at', () => {
    expect(fieldPath(['included', 0, 'relationships', 'storage', 'data', 'id'])).toBe(
      'included[0].relationships.storage.data.id',
    );
  });

  it('reports the first problem in the order the service checks, whatever else is wrong', () => {
    expect(firstProblem(folderCreation, folder({ type: 'items', attributes: 7 }))).toBe('data.type must be "folders".');
    expect(firstProblem(folderCreation, folder({ attributes: [], relationships: 'x' }))).toBe(
      'data.attributes.name is required and must be a string.',
    );
    expect(firstProblem(folderCreation, folder({ attributes: { name: 'a/b' }, relationships: {} }))).toBe(
      'The folder name must not contain any of < > : " / \\ | ? * \' $ ¢ ™ ® or control characters.',
    );
    expect(firstProblem(folderCreation, folder({ relationships: { parent: { data: { id: '' } } } }))).toBe(
      'data.relationships.parent.data.id is required and must be a string.',
    );
  });

  it('parses into a typed value: names trimmed, unknown fields dropped, values of another kind ignored where the service ignores them', () => {
    expect(
      folderCreation.parse({ jsonapi: { version: '1.0' }, ...folder({ attributes: { name: ' Plans ', extra: 1 } }) }),
    ).toEqual({
      data: { type: 'folders', attributes: { name: 'Plans' }, relationships: { parent: { data: { id: 'f1' } } } },
    });
    const change = folderChange('f2').parse({
      data: { type: 'folders', id: 'f2', attributes: { name: 7, hidden: true }, relationships: { parent: 'x' } },
    });
    expect(change.data).toEqual({
      type: 'folders',
      id: 'f2',
      attributes: { hidden: true },
      relationships: { parent: { data: {} } },
    });
    expect(
      firstProblem(folderChange('f2'), { data: { type: 'folders', id: 'f2', attributes: { hidden: 'yes' } } }),
    ).toBe('Change data.attributes.name, data.attributes.hidden or data.relationships.parent.');
    expect(firstProblem(folderChange('f2'), { data: { type: 'folders', id: 'f3' } })).toBe(
      'data.type must be "folders" and data.id the folder\'s id.',
    );
  });

  it('finds the first version wherever it stands in included, and names it included[0]', () => {
    const data = {
      type: 'items',
      attributes: { displayName: 'a.ifc' },
      relationships: { parent: { data: { id: 'f1' } } },
    };
    expect(firstProblem(itemCreation, { data, included: [{ type: 'objects' }] })).toBe(
      'included must hold the first version (type "versions").',
    );
    expect(firstProblem(itemCreation, { data, included: [{ type: 'objects' }, { type: 'versions' }] })).toBe(
      'included[0].relationships.storage.data.id is required and must be a string.',
    );
    const parsed = itemCreation.parse({
      data,
      included: [
        { type: 'objects' },
        {
          type: 'versions',
          attributes: { extension: { data: { comment: ' note ' } } },
          relationships: { storage: { data: { id: 's1' } } },
        },
      ],
    });
    expect(parsed.included[0].attributes.extension.data.comment).toBe('note');
  });

  it('checks a version comment as text of at most 1024 characters', () => {
    const body = (comment: unknown) => ({
      data: {
        type: 'versions',
        relationships: { item: { data: { id: 'i1' } } },
        attributes: { extension: { data: { comment } } },
      },
    });
    expect(firstProblem(versionCreation, body(7))).toBe('attributes.extension.data.comment must be a string.');
    expect(firstProblem(versionCreation, body('c'.repeat(1025)))).toBe(
      'attributes.extension.data.comment must be at most 1024 characters.',
    );
    expect(versionCreation.parse(body(null)).data.attributes.extension.data.comment).toBeNull();
  });
});
