import { Hono } from 'hono';
import type { AppDeps } from '../../config';
import { accountAppsPage, accountSignedOutPage } from './account-pages';
import { browserSessions } from './browser-session';
import { fromOwnPage, readPageForm, sendPage } from './page-response';
import { ACCOUNT_APPS_PATH, errorPage } from './pages';

const WITHDRAW_PATH = `${ACCOUNT_APPS_PATH}/withdraw`;
/** Client ids are 32 characters; anything much longer is not one. */
const MAX_CLIENT_ID = 200;

/**
 * The person's own page of the apps they allowed, where they withdraw a consent. Not an APS path (APS
 * people manage apps in their Autodesk account); it lives under `/authentication`, the path of the
 * platform's session cookie, and acts only for the person this browser is signed in as.
 */
export function accountRoutes(deps: AppDeps) {
  const { stores, clock } = deps;
  const router = new Hono();
  const sessions = browserSessions(deps);

  router.get('/apps', async (c) => {
    const userId = await sessions.currentUser(c);
    const [user, formToken] = [userId ? await stores.users.findById(userId) : undefined, sessions.formToken(c)];
    if (!user || !formToken) return sendPage(c, accountSignedOutPage());
    const consents = await stores.consents.listForUser(user.id);
    const page = accountAppsPage({
      userName: user.name,
      consents,
      formToken,
      action: WITHDRAW_PATH,
      withdrawn: c.req.query('withdrawn') === '1',
    });
    return sendPage(c, page);
  });

  router.post('/apps/withdraw', async (c) => {
    const form = await readPageForm(c);
    const userId = await sessions.currentUser(c);
    const token = sessions.formToken(c);
    if (!userId || !token || form['csrf'] !== token || !fromOwnPage(c, deps.config.issuer)) {
      const page = errorPage(
        'This page has expired',
        'Open the list of apps you allowed again, and withdraw from there.',
      );
      return sendPage(c, page, 403);
    }
    const clientId = form['client_id'];
    const valid = typeof clientId === 'string' && clientId.length > 0 && clientId.length <= MAX_CLIENT_ID;
    if (!valid || !(await stores.consents.withdraw(userId, clientId, clock.now()))) {
      return sendPage(c, errorPage('Nothing to withdraw', 'That app is not among the apps you allowed.'), 400);
    }
    return c.redirect(`${ACCOUNT_APPS_PATH}?withdrawn=1`, 303);
  });
  return router;
}
