import { DEFAULT_CALLBACK_PATH } from '../../contracts/app-config';
import { SCOPES } from '../../contracts/authentication';
import { hashPassword } from '../services/authentication/passwords';
import { newClientId } from '../storage/ids';
import { createProject } from '../storage/projects';
import { seedDemoContent } from '../demo/demo-content';
import { registerAutomationExamples, type AutomationExample } from '../demo/automation-examples';
import type { SeedContext } from '../demo/store-file';

export const DEMO_EMAIL = 'demo@example.com';
export const DEMO_PASSWORD = 'demo-password';
export const DEMO_APP_NAME = 'Design Data Manager';
export const DEMO_HUB_NAME = 'Demo Company';
/** The first project gets the demo files. */
const DEMO_PROJECTS = ['Riverside Offices', 'Harbour Bridge Retrofit'];

export interface DemoAccount {
  client_id: string;
  email: string;
  password: string;
  hub_id: string;
}

/**
 * Makes sure the demo account exists: a user, a `spa` app that returns to each app origin, and a
 * hub with projects. Safe to run on every start; it only adds what is missing.
 */
export async function ensureDemo(
  ctx: SeedContext,
  appOrigins: string[],
  automationExamples: readonly AutomationExample[] = [],
): Promise<DemoAccount> {
  const { stores } = ctx;
  const user =
    (await stores.users.findByEmail(DEMO_EMAIL)) ??
    (await stores.users.create({
      email: DEMO_EMAIL,
      name: 'Dana Demo',
      passwordHash: await hashPassword(DEMO_PASSWORD),
    }));
  const callbacks = appOrigins.map((origin) => `${origin}${DEFAULT_CALLBACK_PATH}`);
  let app = await stores.apps.findByName(DEMO_APP_NAME);
  if (!app) {
    app = await stores.apps.create({
      clientId: newClientId(),
      name: DEMO_APP_NAME,
      type: 'spa',
      secretHash: null,
      callbacks,
      scopes: [...SCOPES],
    });
  }
  for (const callback of callbacks) await stores.apps.addCallback(app.clientId, callback);
  let hub = await stores.hubs.findByName(DEMO_HUB_NAME);
  if (!hub) {
    hub = await stores.hubs.create(DEMO_HUB_NAME);
    for (const name of DEMO_PROJECTS) await createProject(stores.db, hub.id, name, ctx.clock.now());
  }
  await stores.hubs.addMember(hub.id, user.id);
  const first = (await stores.hubs.listProjects(hub.id)).find((project) => project.name === DEMO_PROJECTS[0]);
  const top = first?.rootFolderId ? (await stores.folders.children(first.rootFolderId, true, 0, 1))[0] : undefined;
  if (first && top) await seedDemoContent(ctx, first.id, top.id, { id: user.id, name: user.name });
  // Design Automation: appbundles and activities the app can run at once.
  await registerAutomationExamples(ctx, app.clientId, automationExamples);
  return { client_id: app.clientId, email: DEMO_EMAIL, password: DEMO_PASSWORD, hub_id: hub.id };
}
