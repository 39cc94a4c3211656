import { APP_TYPES, SCOPES, type AppType } from '../../contracts/authentication';
import { hashPassword, MIN_PASSWORD_LENGTH } from '../services/authentication/passwords';
import { parseScopeList } from '../services/authentication/scopes';
import { hashSecret, newClientId, newClientSecret } from '../storage/ids';
import { hubsRepo } from '../storage/repos/hubs';
import type { User } from '../storage/repos/users';
import { createProject as createProjectWithFolders } from '../storage/projects';
import type { Stores } from '../storage/stores';
import { list, required, url, UsageError } from './args';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function checkEmail(value: string | undefined, flag = '--email'): string {
  const email = required(value, flag).toLowerCase();
  if (!EMAIL.test(email) || email.length > 254)
    throw new UsageError(`${flag} must be an email address, not "${value}".`);
  return email;
}

export async function createOAuthApp(
  stores: Stores,
  flags: { name?: string; type?: string; callback?: string[]; scopes?: string },
) {
  const name = required(flags.name, '--name');
  const type = required(flags.type, '--type') as AppType;
  if (!APP_TYPES.includes(type))
    throw new UsageError(`--type must be one of ${APP_TYPES.join(', ')}, not "${flags.type}".`);
  const callbacks = list(flags.callback).map((value) => url(value, '--callback'));
  if (type === 'server' && callbacks.length)
    throw new UsageError('A server app signs no users in, so it takes no --callback.');
  if (type !== 'server' && !callbacks.length)
    throw new UsageError(`A ${type} app needs at least one --callback URL to return users to.`);
  const scopes = flags.scopes === undefined ? [...SCOPES] : parseScopeList(flags.scopes);
  const unknown = scopes.filter((scope) => !(SCOPES as readonly string[]).includes(scope));
  if (unknown.length)
    throw new UsageError(`Unknown scope in --scopes: ${unknown.join(', ')}. Known: ${SCOPES.join(' ')}.`);
  if (!scopes.length) throw new UsageError('--scopes must name at least one scope.');
  const secret = type === 'spa' ? undefined : newClientSecret();
  const app = await stores.apps.create({
    clientId: newClientId(),
    name,
    type,
    secretHash: secret ? hashSecret(secret) : null,
    callbacks,
    scopes,
  });
  return secret ? { client_id: app.clientId, client_secret: secret } : { client_id: app.clientId };
}

export async function createUser(stores: Stores, flags: { email?: string; name?: string; password?: string }) {
  const email = checkEmail(flags.email);
  const name = required(flags.name, '--name');
  const password = flags.password ?? '';
  if (password.length < MIN_PASSWORD_LENGTH)
    throw new UsageError(`--password must be at least ${MIN_PASSWORD_LENGTH} characters.`);
  if (await stores.users.findByEmail(email)) throw new UsageError(`A user with the email ${email} already exists.`);
  const user = await stores.users.create({ email, name, passwordHash: await hashPassword(password) });
  return { id: user.id, email: user.email, name: user.name };
}

export async function createHub(stores: Stores, flags: { name?: string; member?: string[]; app?: string[] }) {
  const name = required(flags.name, '--name');
  const clientIds = list(flags.app);
  for (const clientId of clientIds) {
    if (!(await stores.apps.find(clientId))) throw new UsageError(`--app ${clientId}: no app has this client id.`);
  }
  const members: User[] = [];
  for (const email of list(flags.member).map((value) => checkEmail(value, '--member'))) {
    const user = await stores.users.findByEmail(email);
    if (!user) throw new UsageError(`--member ${email}: no such user. Create it first with "admin user create".`);
    members.push(user);
  }
  const hub = await stores.db.transaction(async (tx) => {
    const hubs = hubsRepo(tx);
    const created = await hubs.create(name);
    for (const user of members) await hubs.addMember(created.id, user.id);
    // 2-legged tokens of these apps may see the hub (APS: an app added to the account).
    for (const clientId of clientIds) await hubs.grantApp(created.id, clientId);
    return created;
  });
  return { id: hub.id, name: hub.name, members: members.map((user) => user.id), apps: clientIds };
}

export async function createProject(stores: Stores, flags: { hub?: string; name?: string }) {
  const hubId = required(flags.hub, '--hub');
  const name = required(flags.name, '--name');
  if (!(await stores.hubs.find(hubId))) throw new UsageError(`--hub ${hubId}: no such hub.`);
  const project = await createProjectWithFolders(stores.db, hubId, name, new Date());
  return { id: project.id, hub_id: project.hubId, name: project.name, root_folder_id: project.rootFolderId };
}
