import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { SeededApp, SeededUser, StartOptions } from '../../packages/platform/index';
import { exampleBundles } from '../automation/examples';
import { DEMO_APP_NAME, DEMO_EMAIL, DEMO_HUB_NAME, DEMO_PASSWORD, ensureDemo } from '../cli/demo';
import type { SeedContext } from '../demo/store-file';
import { applySeed } from '../seed/seed-apply';
import { applySeedFile } from '../seed/seed-command';
import { seedSchema, type Seed } from '../seed/seed-schema';
import { parseSeedText } from '../seed/seed-source';

export interface Seeded {
  apps: SeededApp[];
  users: SeededUser[];
}

/**
 * The demo's confidential app, for client-credentials calls in tests: fixed credentials, as Azurite's
 * well-known account key, since the platform is local and its data throwaway.
 */
const DEMO_SERVER_APP = {
  client_id: 'demo-server-app',
  client_secret: 'demo-server-app-secret',
  name: 'Demo server app',
  type: 'server',
} as const;

/** Applies `options.seed` ('demo', a seed file, or a seed document) and names the apps and users it holds. */
export async function seedForStart(ctx: SeedContext, seed: StartOptions['seed'], origins: string[]): Promise<Seeded> {
  if (seed === undefined) return { apps: [], users: [] };
  if (seed === 'demo') return seedDemo(ctx, origins);
  if (typeof seed === 'string') {
    await applySeedFile(ctx, seed);
    return named(parseSeedText(await readFile(seed, 'utf8'), path.basename(seed)).data);
  }
  await applySeed(ctx, seed, { baseDir: process.cwd() });
  return named(seed);
}

async function seedDemo(ctx: SeedContext, origins: string[]): Promise<Seeded> {
  const account = await ensureDemo(ctx, origins, await exampleBundles());
  const serverApp: Seed = {
    apps: [DEMO_SERVER_APP],
    hubs: [{ name: DEMO_HUB_NAME, apps: [DEMO_SERVER_APP.client_id] }],
  };
  await applySeed(ctx, serverApp, { baseDir: process.cwd() });
  const spa = await ctx.stores.apps.findByName(DEMO_APP_NAME);
  return {
    apps: [
      { name: DEMO_APP_NAME, clientId: account.client_id, type: 'spa', callbacks: spa?.callbacks ?? [] },
      { ...named(serverApp).apps[0]!, callbacks: [] },
    ],
    users: [{ email: DEMO_EMAIL, name: 'Dana Demo', password: DEMO_PASSWORD }],
  };
}

/** The apps and users a seed document names, with the credentials it gave them. */
function named(document: unknown): Seeded {
  const seed = seedSchema.parse(document);
  return {
    apps: (seed.apps ?? []).map((app) => ({
      name: app.name,
      clientId: app.client_id,
      ...(app.client_secret === undefined ? {} : { clientSecret: app.client_secret }),
      type: app.type,
      callbacks: app.callbacks ?? [],
    })),
    users: (seed.users ?? []).map(({ email, name, password }) => ({ email, name, password })),
  };
}
