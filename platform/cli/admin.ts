import { exampleBundles } from '../automation/examples';
import { systemClock } from '../config';
import type { Stores } from '../storage/stores';
import { list, parse, url, UsageError } from './args';
import { BLOB_FLAGS, openBlobs, parseBlobOptions } from './blob-options';
import { createOAuthApp, createHub, createProject, createUser } from './admin-commands';
import { ensureDemo } from './demo';
import { openStorage } from './storage';

const DATA_DIR = { 'data-dir': { type: 'string' } } as const;

/** `admin <noun> <verb> …`: one JSON object on stdout, or an error and a non-zero exit. */
export async function runAdmin(args: string[]): Promise<object> {
  const [noun, verb, ...rest] = args;
  const single = noun === 'demo' || noun === 'seed' || noun === 'export' || noun === 'import';
  const key = single ? noun : `${noun ?? ''} ${verb ?? ''}`;
  const flagsAfter = single ? args.slice(1) : rest;
  switch (key) {
    case 'app create': {
      const flags = parse(flagsAfter, {
        ...DATA_DIR,
        name: { type: 'string' },
        type: { type: 'string' },
        callback: { type: 'string', multiple: true },
        scopes: { type: 'string' },
      });
      return withStores(flags['data-dir'], (stores) => createOAuthApp(stores, flags));
    }
    case 'user create': {
      const flags = parse(flagsAfter, {
        ...DATA_DIR,
        email: { type: 'string' },
        name: { type: 'string' },
        password: { type: 'string' },
      });
      return withStores(flags['data-dir'], (stores) => createUser(stores, flags));
    }
    case 'hub create': {
      const flags = parse(flagsAfter, {
        ...DATA_DIR,
        name: { type: 'string' },
        member: { type: 'string', multiple: true },
        app: { type: 'string', multiple: true },
      });
      return withStores(flags['data-dir'], (stores) => createHub(stores, flags));
    }
    case 'project create': {
      const flags = parse(flagsAfter, { ...DATA_DIR, hub: { type: 'string' }, name: { type: 'string' } });
      return withStores(flags['data-dir'], (stores) => createProject(stores, flags));
    }
    case 'demo': {
      const flags = parse(flagsAfter, { ...DATA_DIR, ...BLOB_FLAGS, 'app-origin': { type: 'string', multiple: true } });
      const blobOptions = parseBlobOptions(flags);
      const origins = list(flags['app-origin']).map((value) => url(value, '--app-origin', true));
      return withStores(flags['data-dir'], async (stores, dataDir) => {
        const blobs = await openBlobs(blobOptions, dataDir, systemClock);
        return ensureDemo({ stores, blobs, clock: systemClock }, origins, await exampleBundles());
      });
    }
    case 'seed': {
      const { runSeedCommand } = await import('../seed/seed-command');
      return runSeedCommand(flagsAfter);
    }
    case 'export': {
      const { runExportCommand } = await import('../snapshot/cli');
      return runExportCommand(flagsAfter);
    }
    case 'import': {
      const { runImportCommand } = await import('../snapshot/cli');
      return runImportCommand(flagsAfter);
    }
    default:
      throw new UsageError(`Unknown admin command "${args.slice(0, 2).join(' ')}".`);
  }
}

async function withStores<T>(
  dataDir: string | undefined,
  work: (stores: Stores, dataDir: string) => Promise<T>,
): Promise<T> {
  const storage = await openStorage(dataDir, false);
  try {
    return await work(storage.stores, storage.dataDir);
  } finally {
    await storage.close();
  }
}
