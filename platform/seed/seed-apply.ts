import { SCOPES } from '../../contracts/authentication';
import { hashPassword, secretsEqual, verifyPassword } from '../services/authentication/passwords';
import { releaseBlobs } from '../services/oss/blob-release';
import type { SeedContext } from '../demo/store-file';
import { hashSecret } from '../storage/ids';
import { createStores } from '../storage/stores';
import { applyObjects, applyProject } from './seed-content';
import { checkSeed } from './seed-checks';
import { noCounts, transactionDb, type SeedCounts, type SeedPass } from './seed-pass';
import { seedSchema, type Seed } from './seed-schema';
import { childPath, SeedError, type SeedProblem } from './seed-source';

export interface SeedOptions {
  /** Where relative `path:` entries start: the seed file's folder. */
  baseDir: string;
  /** How problems name the seed (`seed.yaml`), and the line of a path in it when known. */
  file?: string;
  lineOf?: (path: string) => number | undefined;
}

export interface SeedResult {
  counts: SeedCounts;
  /** Translation jobs recorded pending; a platform already running starts them with `app.jobs.enqueue(id)`. */
  jobIds: string[];
}

/**
 * Makes the store hold what the seed describes, adding only what is missing (natural keys: e-mail,
 * client id, hub name, project name, folder and file name, version count, bucket and object key), so a
 * second application changes nothing. Everything is checked first and every problem reported in one
 * `SeedError`; the metadata is written in one transaction, so a failure part-way leaves none of it.
 */
export async function applySeed(deps: SeedContext, input: unknown, options: SeedOptions): Promise<SeedResult> {
  const file = options.file ?? 'seed';
  const fail = (problems: readonly SeedProblem[]) => new SeedError(describe(problems, file, options.lineOf), file);
  const parsed = seedSchema.safeParse(input ?? {});
  if (!parsed.success)
    throw fail(parsed.error.issues.map((issue) => ({ path: issuePath(issue.path), message: issue.message })));
  const seed = parsed.data;
  // The store is walked even when the file alone has problems, so that one run names them all;
  // with a problem known, the pass writes no bytes and rolls back.
  const problems = await checkSeed(seed, options.baseDir);
  const pass = await deps.stores.db.transaction(async (tx) => {
    const stores = createStores(transactionDb(tx, deps.stores.db.kind));
    const pass: SeedPass = {
      ...deps,
      stores,
      baseDir: options.baseDir,
      problems,
      counts: noCounts(),
      jobIds: [],
      freed: [],
    };
    try {
      await applyPrincipals(pass, seed);
      for (const [index, hub] of (seed.hubs ?? []).entries()) {
        const record = await stores.hubs.findByName(hub.name);
        const at = childPath(childPath('hubs', index), 'projects');
        for (const [n, project] of (hub.projects ?? []).entries())
          if (record) await applyProject(pass, record, project, childPath(at, n));
      }
      for (const bucket of seed.buckets ?? []) await applyObjects(pass, bucket);
    } catch (error) {
      // A value already named as a problem may be one the database refuses too: the problems say more.
      if (!problems.length) throw error;
    }
    // Thrown inside the transaction: it rolls back everything this pass wrote.
    if (pass.problems.length) throw fail(pass.problems);
    return pass;
  });
  // After the commit, as a PUT or a forced job does; what a failure here leaves goes to the orphan sweep.
  await releaseBlobs(deps, pass.freed);
  return { counts: pass.counts, jobIds: pass.jobIds };
}

const issuePath = (path: readonly PropertyKey[]) => path.reduce<string>((at, key) => childPath(at, key), '');

/** `seed.yaml:12: hubs[0].members[1]: no user …`, in the order of the file. */
function describe(problems: readonly SeedProblem[], file: string, lineOf: SeedOptions['lineOf']): string[] {
  return problems
    .map((problem) => ({ ...problem, line: lineOf?.(problem.path) }))
    .sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || a.path.localeCompare(b.path))
    .map(({ line, path, message }) => `${file}${line ? `:${line}` : ''}: ${path || '(top)'}: ${message}`);
}

/** Users, apps, hubs with their members and apps, and buckets: each found by its natural key or made. */
async function applyPrincipals(pass: SeedPass, seed: Seed): Promise<void> {
  const { stores, problems, counts } = pass;
  for (const [index, user] of (seed.users ?? []).entries()) {
    const found = await stores.users.findByEmail(user.email);
    if (!found) {
      await stores.users.create({
        email: user.email,
        name: user.name,
        passwordHash: await hashPassword(user.password),
      });
      counts.users++;
    } else if (!(await verifyPassword(user.password, found.passwordHash)))
      problems.push({
        path: `users[${index}].password`,
        message: `${user.email} exists with another password; a seed does not change it`,
      });
  }
  for (const [index, app] of (seed.apps ?? []).entries()) {
    const at = childPath('apps', index);
    const callbacks = app.callbacks ?? [];
    const scopes = app.scopes ?? [...SCOPES];
    const found = await stores.apps.find(app.client_id);
    if (!found) {
      const secretHash = app.client_secret === undefined ? null : hashSecret(app.client_secret);
      await stores.apps.create({
        clientId: app.client_id,
        name: app.name,
        type: app.type,
        secretHash,
        callbacks,
        scopes,
      });
      counts.apps++;
      continue;
    }
    const exists = `the app ${app.client_id} exists`;
    if (found.type !== app.type) problems.push({ path: `${at}.type`, message: `${exists} as a ${found.type} app` });
    else if (app.client_secret !== undefined && !secretsEqual(hashSecret(app.client_secret), found.secretHash ?? ''))
      problems.push({
        path: `${at}.client_secret`,
        message: `${exists} with another secret; a seed does not change it`,
      });
    if ([...scopes].sort().join(' ') !== [...found.scopes].sort().join(' '))
      problems.push({ path: `${at}.scopes`, message: `${exists} with the scopes ${found.scopes.join(' ')}` });
    for (const callback of callbacks) await stores.apps.addCallback(app.client_id, callback);
  }
  for (const [index, hub] of (seed.hubs ?? []).entries()) {
    const at = childPath('hubs', index);
    let record = await stores.hubs.findByName(hub.name);
    if (!record) {
      record = await stores.hubs.create(hub.name);
      counts.hubs++;
    }
    for (const [n, email] of (hub.members ?? []).entries()) {
      const user = await stores.users.findByEmail(email);
      if (user) await stores.hubs.addMember(record.id, user.id);
      else problems.push({ path: `${at}.members[${n}]`, message: `no user ${email} in the seed or the store` });
    }
    for (const [n, clientId] of (hub.apps ?? []).entries()) {
      if (await stores.apps.find(clientId)) await stores.hubs.grantApp(record.id, clientId);
      else problems.push({ path: `${at}.apps[${n}]`, message: `no app ${clientId} in the seed or the store` });
    }
  }
  for (const [index, bucket] of (seed.buckets ?? []).entries()) {
    const at = childPath('buckets', index);
    const found = await stores.oss.findBucket(bucket.key);
    if (!(await stores.apps.find(bucket.owner)))
      problems.push({ path: `${at}.owner`, message: `no app ${bucket.owner} in the seed or the store` });
    else if (found && found.ownerClientId !== bucket.owner)
      problems.push({ path: `${at}.key`, message: `the bucket ${bucket.key} exists and another app owns it` });
    else if (found && found.policyKey !== bucket.policy)
      problems.push({
        path: `${at}.policy`,
        message: `the bucket ${bucket.key} exists with the policy ${found.policyKey}`,
      });
    else if (!found) {
      const bucketRecord = { bucketKey: bucket.key, ownerClientId: bucket.owner, policyKey: bucket.policy };
      await stores.oss.createBucket({ ...bucketRecord, region: 'US', permissions: [], createdAt: pass.clock.now() });
      counts.buckets++;
    }
  }
}
