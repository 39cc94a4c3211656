import { z } from 'zod';
import {
  comment,
  exactly,
  node,
  optionalBoolean,
  optionalName,
  optionalString,
  relation,
  requiredName,
  requiredString,
} from './body-fields';
import { isObject } from './requests';

// One schema per request body. Fields are listed in the order the service checks them: the first
// problem found is the one the answer names. Fields the service does not read are dropped unread.

export const folderCreation = z.object({
  data: node({
    type: exactly('folders', 'data.type must be "folders".'),
    attributes: node({ name: requiredName('The folder name') }),
    relationships: node({ parent: relation(requiredString()) }),
  }),
});

/** PATCH folders: a new name, hidden flag or parent; at least one of them. */
export const folderChange = (folderId: string) => {
  const wrongTarget = 'data.type must be "folders" and data.id the folder\'s id.';
  return z.object({
    data: node({
      type: exactly('folders', wrongTarget),
      id: exactly(folderId, wrongTarget),
      attributes: node({ name: optionalName('The folder name'), hidden: optionalBoolean }),
      relationships: node({ parent: relation(optionalString) }),
    }).refine(
      (data) =>
        data.attributes.name !== undefined ||
        data.attributes.hidden !== undefined ||
        data.relationships.parent.data.id !== undefined,
      { error: 'Change data.attributes.name, data.attributes.hidden or data.relationships.parent.' },
    ),
  });
};

export const storageCreation = z.object({
  data: node({
    type: exactly('objects', 'data.type must be "objects".'),
    attributes: node({ name: requiredName('The file name') }),
    relationships: node({ target: relation(requiredString()) }),
  }),
});

const versionExtension = node({ type: optionalString, data: node({ comment }) });

/** The item's first version, among `included`; messages name it `included[0]` wherever it stands. */
const firstVersion = z
  .unknown()
  .transform((included, ctx): [unknown] => {
    const entries: unknown[] = Array.isArray(included) ? included : [];
    const found = entries.find((entry) => isObject(entry) && entry['type'] === 'versions');
    if (!found) ctx.addIssue({ code: 'custom', message: 'included must hold the first version (type "versions").' });
    return found ? [found] : z.NEVER;
  })
  .pipe(
    z.tuple([
      node({
        attributes: node({ name: optionalName('The version name'), extension: versionExtension }),
        relationships: node({ storage: relation(requiredString()) }),
      }),
    ]),
  );

export const itemCreation = z.object({
  data: node({
    type: exactly('items', 'data.type must be "items".'),
    attributes: node({ displayName: requiredName('The item name'), extension: node({ type: optionalString }) }),
    relationships: node({ parent: relation(requiredString()) }),
  }),
  included: firstVersion,
});

/** POST versions. What the version needs beyond its item depends on `?copyFrom=` and its type (see version-sources). */
export const versionCreation = z.object({
  data: node({
    type: exactly('versions', 'data.type must be "versions".'),
    relationships: node({ item: relation(requiredString()), storage: relation(optionalString) }),
    attributes: node({ name: optionalString, extension: versionExtension }),
  }),
});
export type VersionCreation = z.output<typeof versionCreation>['data'];

/** PATCH items: a rename. */
export const itemChange = (itemId: string) => {
  const wrongTarget = 'data.type must be "items" and data.id the item\'s id.';
  return z.object({
    data: node({
      type: exactly('items', wrongTarget),
      id: exactly(itemId, wrongTarget),
      attributes: node({ displayName: requiredName('The item name') }),
    }),
  });
};

export const downloadRequest = z.object({
  data: node({
    type: exactly('downloads', 'data.type must be "downloads".'),
    attributes: node({ format: node({ fileType: requiredString() }) }),
    relationships: node({ source: relation(requiredString()) }),
  }),
});
