import { constants } from 'node:fs';
import { access, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { JobOutputFormat } from '../../contracts/model-derivative';
import { HttpError } from '../http/errors';
import { nameProblem } from '../services/data-management/requests';
import { checkConvertible, parseJobPayload } from '../services/model-derivative/job-request';
import { bucketKeyProblem, objectKeyProblem } from '../services/oss/names';
import type { Seed, SeedFile, SeedFolder, SeedTranslation } from './seed-schema';
import { childPath, type SeedProblem } from './seed-source';

/** Where an entry's bytes come from: a file (relative to the seed's folder) or its inline text. */
export interface ContentSource {
  path?: string | undefined;
  content?: string | undefined;
}

export async function readSource(source: ContentSource, baseDir: string): Promise<Uint8Array> {
  if (source.content !== undefined) return new TextEncoder().encode(source.content);
  return readFile(path.resolve(baseDir, source.path!));
}

/**
 * The output formats as POST …/job would run them, checked by the same rules (a wrong value of a
 * documented field, a type the source cannot become), or the reason it would refuse them.
 */
export function jobFormats(
  translations: readonly SeedTranslation[],
  fileName: string,
): JobOutputFormat[] | { problem: string } {
  const formats = translations.map((format) => (typeof format === 'string' ? { type: format } : format));
  try {
    const job = parseJobPayload({ input: { urn: 'seed' }, output: { formats } });
    checkConvertible(fileName, undefined, job.formats);
    return job.formats;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { problem: (error.body as { diagnostic?: string }).diagnostic ?? error.message };
  }
}

/**
 * Everything that can be checked without the store: unique natural keys, names the services would
 * refuse, translations POST …/job would refuse, and files that cannot be read. All of them, in order.
 */
export async function checkSeed(seed: Seed, baseDir: string): Promise<SeedProblem[]> {
  const problems: SeedProblem[] = [];
  const add = (at: string, message: string): void => void problems.push({ path: at, message });
  const sources: Promise<void>[] = [];
  const checkSource = (at: string, source: ContentSource) => {
    if (source.path === undefined) return;
    const file = path.resolve(baseDir, source.path);
    sources.push(
      stat(file)
        .then(async (found) => {
          if (!found.isFile()) return add(childPath(at, 'path'), `${source.path} is not a file`);
          await access(file, constants.R_OK);
        })
        .catch((error: NodeJS.ErrnoException) =>
          add(
            childPath(at, 'path'),
            error.code === 'ENOENT' ? `no file at ${source.path}` : `cannot read ${source.path} (${error.code})`,
          ),
        ),
    );
  };
  const checkTranslations = (at: string, translations: SeedTranslation[] | undefined, fileName: string) => {
    const formats = translations && jobFormats(translations, fileName);
    if (formats && 'problem' in formats) add(childPath(at, 'translate'), formats.problem);
  };
  const unique = <T>(at: string, entries: readonly T[] | undefined, keyOf: (entry: T) => string, what: string) => {
    const seen = new Map<string, number>();
    entries?.forEach((entry, index) => {
      const key = keyOf(entry);
      const first = seen.get(key);
      if (first === undefined) seen.set(key, index);
      else add(childPath(at, index), `${what} "${key}" is already at ${childPath(at, first)}`);
    });
  };

  const checkFiles = (at: string, files: readonly SeedFile[] | undefined) =>
    files?.forEach((file, index) => {
      const fileAt = childPath(at, index);
      const problem = nameProblem(file.name, 'The file name');
      if (problem) add(childPath(fileAt, 'name'), problem);
      file.versions.forEach((version, n) => {
        const versionAt = childPath(childPath(fileAt, 'versions'), n);
        checkSource(versionAt, version);
        checkTranslations(versionAt, version.translate, file.name);
      });
    });
  const checkFolder = (at: string, folder: { folders?: SeedFolder[] | undefined; files?: SeedFile[] | undefined }) => {
    const names = [
      ...(folder.folders ?? []).map((entry, index) => ({ at: childPath(childPath(at, 'folders'), index), entry })),
      ...(folder.files ?? []).map((entry, index) => ({ at: childPath(childPath(at, 'files'), index), entry })),
    ];
    const seen = new Map<string, string>();
    for (const { at: entryAt, entry } of names) {
      const key = entry.name.toLowerCase();
      const first = seen.get(key);
      if (first) add(entryAt, `the name "${entry.name}" is already taken in this folder by ${first}`);
      else seen.set(key, entryAt);
    }
    folder.folders?.forEach((child, index) => {
      const childAt = childPath(childPath(at, 'folders'), index);
      const problem = nameProblem(child.name, 'The folder name');
      if (problem) add(childPath(childAt, 'name'), problem);
      checkFolder(childAt, child);
    });
    checkFiles(childPath(at, 'files'), folder.files);
  };

  unique('users', seed.users, (user) => user.email, 'the e-mail');
  unique('apps', seed.apps, (app) => app.client_id, 'the client id');
  unique('hubs', seed.hubs, (hub) => hub.name, 'the hub');
  seed.hubs?.forEach((hub, index) => {
    const hubAt = childPath('hubs', index);
    unique(childPath(hubAt, 'projects'), hub.projects, (project) => project.name.toLowerCase(), 'the project');
    hub.projects?.forEach((project, n) => checkFolder(childPath(childPath(hubAt, 'projects'), n), project));
  });
  unique('buckets', seed.buckets, (bucket) => bucket.key, 'the bucket key');
  seed.buckets?.forEach((bucket, index) => {
    const bucketAt = childPath('buckets', index);
    const keyProblem = bucketKeyProblem(bucket.key);
    if (keyProblem) add(childPath(bucketAt, 'key'), keyProblem);
    unique(childPath(bucketAt, 'objects'), bucket.objects, (object) => object.key, 'the object key');
    bucket.objects?.forEach((object, n) => {
      const objectAt = childPath(childPath(bucketAt, 'objects'), n);
      const problem = objectKeyProblem(object.key);
      if (problem) add(childPath(objectAt, 'key'), problem);
      checkSource(objectAt, object);
      checkTranslations(objectAt, object.translate, object.key);
    });
  });
  await Promise.all(sources);
  return problems;
}
