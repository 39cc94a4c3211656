import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createApp, type Logger } from '../app';
import type { AppDeps, Clock, PlatformConfig } from '../config';
import { DEFAULT_TOKEN_TTL_SECONDS, SPEC_RATE_LIMITS } from '../config';
import { createOAuthApp as registerApp, createHub, createProject, createUser } from '../cli/admin-commands';
import { loadSigner } from '../services/authentication/signing';
import { openFileBlobStore } from '../storage/blobs/file-blob-store';
import { createStores } from '../storage/stores';
import { createWebhookEngine } from '../services/webhooks/delivery/engine';
import type { WorkitemEngine } from '../automation/engine-types';
import type { Translator } from '../translation/engine-types';
import { FakeAutomationEngine } from './fake-automation-engine';
import { FakeTranslator } from './fake-translator';
import { freshDb } from './memory-db';

export const TEST_ISSUER = 'http://platform.test';
export const TEST_APP_ORIGIN = 'http://app.test';

/** A clock that tests move by hand instead of sleeping. */
export class TestClock implements Clock {
  constructor(private current = new Date('2026-01-01T00:00:00Z')) {}
  now = () => new Date(this.current);
  advance(seconds: number) {
    this.current = new Date(this.current.getTime() + seconds * 1000);
  }
}

/**
 * The whole platform in memory for `app.request()` tests: no socket, a fresh database, a clock
 * the test controls, and helpers that register what the admin commands would.
 */
export async function createTestPlatform(
  overrides: Partial<PlatformConfig> = {},
  options: { translator?: Translator; automation?: WorkitemEngine; logger?: Logger } = {},
) {
  const db = await freshDb();
  const stores = createStores(db);
  const clock = new TestClock();
  const config: PlatformConfig = {
    issuer: TEST_ISSUER,
    appOrigins: [TEST_APP_ORIGIN],
    accessTokenTtlSeconds: DEFAULT_TOKEN_TTL_SECONDS,
    rateLimits: { ...SPEC_RATE_LIMITS },
    ...overrides,
  };
  const signer = await loadSigner(stores.oauth, () => config.issuer);
  // Object bytes go to a fresh temporary directory, removed again by close().
  const blobDir = await mkdtemp(path.join(os.tmpdir(), 'ddm-test-blobs-'));
  const blobs = await openFileBlobStore(blobDir, clock);
  // Model Derivative jobs: the fake translator unless the test brings one, work files in their own folder.
  const translator = options.translator ?? new FakeTranslator();
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'ddm-test-jobs-'));
  // Design Automation workitems: the fake engine on the test clock unless the test brings one.
  const automation = options.automation ?? new FakeAutomationEngine(clock);
  const deps: AppDeps = { config, stores, signer, clock, blobs, translator, automation, workDir };
  // Silent unless the test listens: a failure is asserted through the response, not read from a log.
  const logger = options.logger ?? { error: () => undefined };
  const app = createApp(deps, logger);
  // Webhook deliveries: never started here (no timer, no poll); a test delivers with `webhooks.runDue()`.
  const webhooks = createWebhookEngine({ stores, clock, config, logger }, { pollMs: 0 });
  let users = 0;
  return {
    app,
    deps,
    stores,
    clock,
    blobs,
    blobDir,
    translator,
    automation,
    webhooks,
    /** Calls the platform as a client on `TEST_ISSUER` would. */
    request: (path: string, init?: RequestInit) => app.request(`${TEST_ISSUER}${path}`, init),
    registerApp: (flags: Parameters<typeof registerApp>[1]) => registerApp(stores, flags),
    addUser: async (name = `User ${++users}`) => {
      const email = `user${users}-${Math.random().toString(36).slice(2, 8)}@example.com`;
      const password = 'correct horse battery';
      const user = await createUser(stores, { email, name, password });
      return { ...user, password };
    },
    addHub: (name: string, memberEmails: string[] = []) => createHub(stores, { name, member: memberEmails }),
    addProject: (hubId: string, name: string) => createProject(stores, { hub: hubId, name }),
    close: async () => {
      await webhooks.stop();
      await app.jobs.close();
      await app.workitems.close();
      await db.close();
      await rm(blobDir, { recursive: true, force: true });
      await rm(workDir, { recursive: true, force: true });
    },
  };
}

export type TestPlatform = Awaited<ReturnType<typeof createTestPlatform>>;
