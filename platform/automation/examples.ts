import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { zipSync } from 'fflate';

const EXAMPLES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'examples');

/** An activity as `POST /da/us-east/v3/activities` takes it. */
export interface ExampleActivity {
  id: string;
  engine: string;
  description: string;
  commandLine: string[];
  parameters: Record<
    string,
    {
      verb: 'get' | 'head' | 'put' | 'post' | 'patch' | 'read';
      localName?: string;
      required?: boolean;
      zip?: boolean;
      ondemand?: boolean;
      description?: string;
    }
  >;
  appbundles: string[];
}

/** An example that ships with the platform: an appbundle and the activity that runs it. */
export interface ExampleBundle {
  /** The appbundle's and the activity's unqualified name. */
  name: string;
  engine: string;
  description: string;
  /** The appbundle's zip, built from its source now (the repository holds no binary). */
  zip: Uint8Array;
  /** The activity's body, its appbundle named `{owner}.{name}+{alias}`. */
  activity(owner: string, alias: string): ExampleActivity;
}

async function filesOf(dir: string, prefix = ''): Promise<Record<string, Uint8Array>> {
  const files: Record<string, Uint8Array> = {};
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) Object.assign(files, await filesOf(full, `${prefix}${entry.name}/`));
    else if (entry.isFile()) files[`${prefix}${entry.name}`] = new Uint8Array(await readFile(full));
  }
  return files;
}

/**
 * The examples of `platform/automation/examples/<name>/`: `bundle/` is the appbundle's content,
 * `activity.json` its activity. `admin demo` registers them so the app has something to run; the
 * tests run them on the shared fixtures.
 */
export async function exampleBundles(): Promise<ExampleBundle[]> {
  const examples: ExampleBundle[] = [];
  for (const entry of await readdir(EXAMPLES_DIR, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const folder = path.join(EXAMPLES_DIR, entry.name);
    const template = await readFile(path.join(folder, 'activity.json'), 'utf8');
    const parsed = JSON.parse(template) as ExampleActivity;
    examples.push({
      name: parsed.id,
      engine: parsed.engine,
      description: parsed.description,
      zip: zipSync(await filesOf(path.join(folder, 'bundle')), { level: 9 }),
      activity: (owner, alias) => ({
        ...parsed,
        appbundles: parsed.appbundles.map((id) => id.replace('{owner}', owner).replace('{alias}', alias)),
      }),
    });
  }
  return examples.sort((a, b) => a.name.localeCompare(b.name));
}
