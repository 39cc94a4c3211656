import { z } from 'zod';
import { APP_TYPES, SCOPES } from '../../contracts/authentication';
import { OUTPUT_TYPES } from '../../contracts/model-derivative';
import { POLICY_KEYS } from '../../contracts/oss';
import { MIN_PASSWORD_LENGTH } from '../services/authentication/passwords';

const MAX_COMMENT = 1024;

const text = (description: string) => z.string().trim().min(1, { error: 'must not be empty' }).meta({ description });

/** A Model Derivative output, as in `output.formats` of POST …/designdata/job, or just its type. */
const translation = z
  .union([
    z.enum(OUTPUT_TYPES),
    z.looseObject({
      type: z.enum(OUTPUT_TYPES),
      views: z.array(z.enum(['2d', '3d'])).optional(),
      advanced: z.record(z.string(), z.unknown()).optional(),
    }),
  ])
  .meta({ description: 'An output format: its type (svf2, obj, …) or an object as in output.formats of a job.' });

const translations = z
  .array(translation)
  .min(1)
  .optional()
  .meta({ description: 'Translations to ask for when the seed is applied, through the same checks as POST …/job.' });

/** Bytes from a file on disk (relative to the seed file's folder) or, for small files, inline text. */
const content = {
  path: z
    .string()
    .min(1)
    .optional()
    .meta({ description: "A file on disk; relative paths start at the seed file's folder." }),
  content: z.string().optional().meta({ description: 'The bytes as inline UTF-8 text, instead of path.' }),
};
const exactlyOneSource = (value: { path?: string | undefined; content?: string | undefined }, ctx: z.RefinementCtx) => {
  if ((value.path === undefined) === (value.content === undefined))
    ctx.addIssue({ code: 'custom', message: 'give exactly one of path or content' });
};

const version = z
  .strictObject({
    ...content,
    comment: z.string().max(MAX_COMMENT).optional().meta({ description: 'The version comment, as an upload sets it.' }),
    translate: translations,
  })
  .superRefine(exactlyOneSource);

const file = z.strictObject({
  name: text('The file name in its folder, with its extension.'),
  versions: z
    .array(version)
    .min(1)
    .meta({ description: 'Oldest first; a file with fewer versions stored gets the rest.' }),
});

interface FolderInput {
  name: string;
  folders?: FolderInput[] | undefined;
  files?: z.input<typeof file>[] | undefined;
}
interface FolderOutput {
  name: string;
  folders?: FolderOutput[] | undefined;
  files?: z.output<typeof file>[] | undefined;
}
const folder: z.ZodType<FolderOutput, FolderInput> = z
  .strictObject({
    name: text('The folder name in its parent.'),
    get folders() {
      return z.array(folder).optional();
    },
    files: z.array(file).optional(),
  })
  .meta({ id: 'folder' });

const project = z.strictObject({
  name: text('The project name in its hub.'),
  folders: z.array(folder).optional().meta({ description: 'Folders under the top folder, Project Files.' }),
  files: z.array(file).optional().meta({ description: 'Files in the top folder, Project Files.' }),
});

const user = z.strictObject({
  email: z.email().toLowerCase(),
  name: text('The name people see.'),
  password: z.string().min(MIN_PASSWORD_LENGTH).meta({ description: 'Stored hashed, as the sign-in page checks it.' }),
});

const app = z
  .strictObject({
    client_id: z
      .string()
      .regex(/^[A-Za-z0-9._~-]{1,200}$/, { error: 'must be 1 to 200 letters, digits or . _ ~ -' })
      .meta({ description: 'Chosen, so tests can use fixed credentials.' }),
    client_secret: z
      .string()
      .min(16)
      .optional()
      .meta({ description: 'Required for web and server apps; none for spa.' }),
    name: text('The app name on the consent page.'),
    type: z.enum(APP_TYPES).meta({ description: 'spa is public (PKCE); web and server are confidential.' }),
    callbacks: z
      .array(z.url({ protocol: /^https?$/ }))
      .optional()
      .meta({ description: 'Redirect URIs.' }),
    scopes: z.array(z.enum(SCOPES)).min(1).optional().meta({ description: 'Every scope unless given.' }),
  })
  .superRefine((value, ctx) => {
    const confidential = value.type !== 'spa';
    if (confidential !== (value.client_secret !== undefined))
      ctx.addIssue({
        code: 'custom',
        path: ['client_secret'],
        message: confidential ? `a ${value.type} app needs a client_secret` : 'a spa app is public: no client_secret',
      });
    const callbacks = value.callbacks ?? [];
    if (value.type === 'server' && callbacks.length)
      ctx.addIssue({ code: 'custom', path: ['callbacks'], message: 'a server app signs no users in: no callbacks' });
    if (value.type !== 'server' && !callbacks.length)
      ctx.addIssue({ code: 'custom', path: ['callbacks'], message: `a ${value.type} app needs at least one callback` });
  });

const hub = z.strictObject({
  name: text('The hub (account) name.'),
  members: z
    .array(z.email().toLowerCase())
    .optional()
    .meta({ description: 'E-mails of users in the seed or the store.' }),
  apps: z.array(z.string()).optional().meta({ description: 'Client ids whose 2-legged tokens see the hub.' }),
  projects: z.array(project).optional(),
});

const object = z
  .strictObject({
    key: z.string().min(1).meta({ description: 'The object key.' }),
    ...content,
    content_type: z.string().min(1).optional(),
    translate: translations,
  })
  .superRefine(exactlyOneSource);

const bucket = z.strictObject({
  key: z.string().meta({ description: 'Lowercase letters, digits and hyphens, 3 to 128.' }),
  owner: z.string().meta({ description: 'The client id of the app that owns the bucket.' }),
  policy: z.enum(POLICY_KEYS).default('persistent'),
  objects: z.array(object).optional(),
});

export const seedSchema = z
  .strictObject({
    $schema: z.string().optional(),
    users: z.array(user).optional(),
    apps: z.array(app).optional(),
    hubs: z.array(hub).optional(),
    buckets: z.array(bucket).optional(),
  })
  .meta({ title: 'Design Data Manager platform seed', description: 'What `serve --seed` and `admin seed` put in.' });

export type Seed = z.output<typeof seedSchema>;
export type SeedFolder = FolderOutput;
export type SeedFile = z.output<typeof file>;
export type SeedVersion = z.output<typeof version>;
export type SeedTranslation = z.output<typeof translation>;

/** The JSON Schema of the format, for editors (seed.schema.json is this, committed). */
export function seedJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(seedSchema, { io: 'input', target: 'draft-2020-12' });
}
