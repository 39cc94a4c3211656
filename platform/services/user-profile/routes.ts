import { Hono } from 'hono';
import { SCOPES } from '../../../contracts/authentication';
import { PROFILE_IMAGE_SIZES, type ProfileImageSize } from '../../../contracts/user-profile';
import type { AppDeps } from '../../config';
import { requireToken, type AuthVariables, type TokenCheck } from '../../http/auth';
import { gatewayAuthError, notFoundFor } from '../../http/errors';
import { placeholderImage } from './placeholder-image';
import { profileOf } from './profile';

const sizeOf = (file: string): ProfileImageSize | undefined => {
  const size = Number(/^user_X(\d{2,3})\.svg$/.exec(file)?.[1]);
  return PROFILE_IMAGE_SIZES.find((known) => known === size);
};

/**
 * User Profile v1 (`/userprofile/v1/users/@me`), which older clients still call where newer ones
 * call `/userinfo`, and the placeholder pictures its `profileImages` point at. Mounted at `/userprofile`.
 */
export function userProfileRoutes(deps: AppDeps, tokens: TokenCheck) {
  const router = new Hono<{ Variables: AuthVariables }>();

  // The reference asks for no scope, only a user ("Required OAuth Scopes: none"), and Autodesk's
  // hubs tutorial reads it with a data:read token: any live token passes the scope check.
  router.get('/v1/users/@me', requireToken(tokens, SCOPES), async (c) => {
    const { userId } = c.get('token');
    // The reference's only refusal is 401, "the access token is invalid", and a 2-legged one is, here.
    if (!userId)
      throw gatewayAuthError(401, 'AUTH-006', 'This endpoint needs a 3-legged token: a 2-legged token has no user.');
    const user = await deps.stores.users.findById(userId);
    if (!user) throw gatewayAuthError(401, 'AUTH-006', 'The user this token was issued to no longer exists.');
    c.header('Cache-Control', 'no-store');
    return c.json(profileOf(user, deps.config.issuer));
  });

  // Public, as APS's picture URLs are: an <img> sends no token.
  router.get('/v1/images/default/:file', (c) => {
    const size = sizeOf(c.req.param('file'));
    if (!size) throw notFoundFor(c.req.path);
    return c.body(placeholderImage(size), 200, {
      'Content-Type': 'image/svg+xml',
      'Cache-Control': 'public, max-age=86400',
      'Content-Security-Policy': "default-src 'none'",
      'X-Content-Type-Options': 'nosniff',
    });
  });
  return router;
}
