import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { isTokenActive, ONE_TRANSLATION_WORKER, ownStack } from './stack';
import { allowIfAsked, expectNoSeriousAxeViolations, storedSession } from './steps';

// A stack of its own: what the platform remembers (consent, browser sessions) starts empty here.
const stack = ownStack(ONE_TRANSLATION_WORKER);

/** Every page the tab showed (redirects that showed nothing are not navigations). */
function pagesShown(page: Page): string[] {
  const shown: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) shown.push(frame.url());
  });
  return shown;
}
const signInPages = (urls: string[]) =>
  urls.filter((url) => new URL(url).pathname === '/sign-in' || url.startsWith(stack().platformUrl));

/** From the app's sign-in page: the platform's password form, then whatever the platform asks next. */
async function signInWithPassword(page: Page) {
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByLabel('Password')).toBeVisible();
  await page.getByLabel('Email').fill(stack().email);
  await page.getByLabel('Password').fill(stack().password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
}

const isActive = (token: string) => isTokenActive(stack(), token);

/** The issues' bar on a page, in the light theme and the dark one (both the app and the platform follow the system's). */
async function axeInLightAndDark(page: Page, check: (page: Page) => Promise<void> = expectNoSeriousAxeViolations) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await check(page);
  }
  await page.emulateMedia({ colorScheme: null });
}
/** The platform's own pages are held to no axe violation at all, as in platform-pages.spec.ts. */
async function noAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    violations.map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    ),
  ).toEqual([]);
}

test('signing in again after signing out asks for the password, and the consent only the first time', async ({
  page,
}) => {
  await page.goto(`${stack().appUrl}/hubs`);
  await signInWithPassword(page);
  await expect(page.getByRole('heading', { name: 'Allow access?' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Apps you allowed' })).toBeVisible();
  await axeInLightAndDark(page, noAxeViolations);
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page.getByRole('rowheader', { name: 'Demo Company' })).toBeVisible();
  const first = await storedSession(page);

  const logout = page.waitForRequest((request) =>
    request.url().startsWith(`${stack().platformUrl}/authentication/v2/logout?`),
  );
  await signOut(page);
  expect(new URL((await logout).url()).searchParams.get('post_logout_redirect_uri')).toBe(
    `${stack().appUrl}/auth/callback`,
  );
  await expect(page.getByRole('status').filter({ hasText: 'You signed out' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/sign-in');
  await axeInLightAndDark(page);
  // The tokens were revoked on the way out, with keepalive, while the tab left for the platform's logout.
  await expect.poll(() => isActive(first.refreshToken)).toBe(false);
  expect(await isActive(first.accessToken)).toBe(false);

  // Whoever sits down next meets the password form, not the last person's session.
  await signInWithPassword(page);
  expect(await allowIfAsked(page)).toBe('not asked');
  await expect(page.getByRole('rowheader', { name: 'Demo Company' })).toBeVisible();
});

test('a deep link opened in a second tab lands there without a sign-in, with tokens of its own', async ({ page }) => {
  await page.goto(`${stack().appUrl}/hubs`);
  await signInWithPassword(page);
  await allowIfAsked(page);
  await page.getByRole('table', { name: 'Hubs' }).getByRole('link', { name: 'Demo Company' }).click();
  await page.getByRole('link', { name: 'Riverside Offices' }).first().click();
  await expect(page.getByRole('heading', { name: 'Riverside Offices', level: 1 })).toBeVisible();
  const deepLink = page.url();

  const second = await page.context().newPage();
  const shown = pagesShown(second);
  await second.goto(deepLink);
  await expect(second.getByRole('heading', { name: 'Riverside Offices', level: 1 })).toBeVisible();
  expect(second.url()).toBe(deepLink);
  expect(signInPages(shown)).toEqual([]);

  // Tokens of its own: a second refresh-token family, so the two tabs never refresh with one token.
  const [mine, theirs] = [await storedSession(page), await storedSession(second)];
  expect(theirs.refreshToken).not.toBe(mine.refreshToken);
  expect(await isActive(mine.refreshToken)).toBe(true);
  expect(await isActive(theirs.refreshToken)).toBe(true);
  await second.close();
});

test('signing out in one tab signs out the other, whose tokens are revoked too', async ({ page }) => {
  await page.goto(`${stack().appUrl}/hubs`);
  await signInWithPassword(page);
  await allowIfAsked(page);
  await expect(page.getByRole('rowheader', { name: 'Demo Company' })).toBeVisible();
  const second = await page.context().newPage();
  await second.goto(`${stack().appUrl}/buckets`);
  await expect(second.getByRole('heading', { name: 'Buckets', level: 1 })).toBeVisible();
  const theirs = await storedSession(second);

  await signOut(page);
  await expect(second.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(second.getByRole('status').filter({ hasText: 'You signed out' })).toBeVisible();
  await expect.poll(() => isActive(theirs.refreshToken)).toBe(false);
  // The platform's session is over for both: the other tab's next sign-in asks for the password.
  await second.getByRole('button', { name: 'Sign in' }).click();
  await expect(second.getByLabel('Password')).toBeVisible();
  await second.close();
});

test('withdrawing the app’s access on the platform signs it out, and the next sign-in asks for consent again', async ({
  page,
}) => {
  await page.goto(`${stack().appUrl}/hubs`);
  await signInWithPassword(page);
  await allowIfAsked(page);
  await expect(page.getByRole('rowheader', { name: 'Demo Company' })).toBeVisible();

  await page.goto(`${stack().platformUrl}/authentication/account/apps`);
  await expect(page.getByRole('heading', { name: 'Design Data Manager', level: 2 })).toBeVisible();
  await axeInLightAndDark(page, noAxeViolations);
  await page.getByRole('button', { name: 'Withdraw access for Design Data Manager' }).click();
  await expect(page.getByRole('status')).toContainText('Access withdrawn');
  await expect(page.getByText('You have not allowed any app yet.')).toBeVisible();

  // Back in the app (a reload of its tab): its tokens no longer work, so it asks to sign in again.
  await page.goto(`${stack().appUrl}/hubs`);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The platform still knows the person (no password), but asks for consent again.
  await expect(page.getByRole('heading', { name: 'Allow access?' })).toBeVisible();
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page.getByRole('rowheader', { name: 'Demo Company' })).toBeVisible();
});
