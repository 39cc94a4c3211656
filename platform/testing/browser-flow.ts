import { expect } from 'vitest';
import { authorizeQuery, formPost, openSignIn, submitSignIn, TEST_CALLBACK } from './oauth-flow';
import type { TestPlatform } from './test-platform';

/** A browser on the platform's sign-in pages, for tests of what it remembers between sign-ins. */
export const cookieOf = (response: Response, name: string) =>
  new RegExp(`${name}=[^;]+`).exec(response.headers.get('set-cookie') ?? '')?.[0];

/** What the browser saw: a page (by its heading), or the redirect back to the app with its parameters. */
export async function outcome(response: Response): Promise<{ page: string } | { back: Record<string, string> }> {
  const location = response.headers.get('location');
  if (location === null)
    return { page: /<h1>([^<]*)<\/h1>/.exec(await response.text())?.[1] ?? `status ${response.status}` };
  const url = new URL(location);
  expect(`${url.origin}${url.pathname}`).toBe(TEST_CALLBACK);
  return { back: Object.fromEntries(url.searchParams) };
}

/** One browser: it signs in with the password (and answers the consent page when asked), keeping the session cookie. */
export function browserOf(platform: TestPlatform, user: { email: string; password: string }) {
  let session: string | undefined;
  const authorize = (clientId: string, overrides: Record<string, string | null> = {}) =>
    platform.request(`/authentication/v2/authorize?${authorizeQuery(clientId, overrides).toString()}`, {
      headers: session ? { Cookie: session } : {},
    });
  return {
    authorize,
    cookie: () => session ?? '',
    /** Signs in on the password form; answers the consent page, if one comes, with `decision`. */
    async signIn(clientId: string, overrides: Record<string, string | null> = {}, decision = 'allow') {
      const page = await openSignIn(platform, authorizeQuery(clientId, overrides));
      const signIn = await submitSignIn(platform, page, user.email, user.password);
      session = cookieOf(signIn, 'ddm_session') ?? session;
      if (signIn.status !== 200) return { consentAsked: false, result: await outcome(signIn) };
      const consent = await platform.request(
        '/authentication/v2/authorize/consent',
        formPost({ ...page.fields, decision }, { Cookie: page.cookie }),
      );
      return { consentAsked: true, result: await outcome(consent) };
    },
    async logout() {
      const response = await platform.request(
        `/authentication/v2/logout?post_logout_redirect_uri=${encodeURIComponent(TEST_CALLBACK)}`,
        { headers: { Cookie: session ?? '' } },
      );
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe(TEST_CALLBACK);
    },
  };
}
