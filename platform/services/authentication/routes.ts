import { Hono } from 'hono';
import type { AppDeps } from '../../config';
import type { TokenCheck } from '../../http/auth';
import { accountRoutes } from './account-routes';
import { authorizeRoutes } from './authorize-routes';
import { legacyRoutes } from './legacy-routes';
import { sessionRoutes } from './session-routes';
import { tokenRoutes } from './token-routes';

/**
 * Authentication: v2 under `/authentication/v2`, the OIDC discovery document and `/userinfo` (on the
 * issuer, since a local platform has one host), the person's page of the apps they allowed, and the
 * sunset v1 paths. Mounted at the root.
 */
export function authenticationRoutes(deps: AppDeps, tokens: TokenCheck) {
  const router = new Hono();
  router.route('/authentication/v2/authorize', authorizeRoutes(deps));
  router.route('/authentication/account', accountRoutes(deps));
  router.route('/authentication/v2', tokenRoutes(deps));
  router.route('/authentication/v1', legacyRoutes());
  router.route('/', sessionRoutes(deps, tokens));
  return router;
}
