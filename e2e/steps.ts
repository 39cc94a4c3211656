import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Steps several specs share, written as a person would take them. */

export const demoEmail = () => process.env['E2E_DEMO_EMAIL'] ?? '';
export const demoPassword = () => process.env['E2E_DEMO_PASSWORD'] ?? '';

/** Opens `start`, signs in as the demo user (of the shared stack, unless another account is given) on the platform's pages and allows access if asked. */
export async function signIn(page: Page, start = '/', account = { email: demoEmail(), password: demoPassword() }) {
  await page.goto(start);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await allowIfAsked(page);
}

/**
 * The platform asks for consent once per person, app and scope set: the first sign-in in a suite
 * answers it, later ones come straight back to the app. Waits for whichever comes, and allows.
 */
export async function allowIfAsked(page: Page): Promise<'asked' | 'not asked'> {
  const allow = page.getByRole('button', { name: 'Allow' });
  // The platform's pages all live under /authentication/; the app has no such path.
  const onPlatform = () => new URL(page.url()).pathname.startsWith('/authentication/');
  await expect.poll(async () => !onPlatform() || (await allow.isVisible()), { intervals: [100] }).toBe(true);
  if (!onPlatform()) return 'not asked';
  await allow.click();
  return 'asked';
}

/** The issues' bar: no serious or critical axe violation. Lesser ones are in the report, not failed on. */
export async function expectNoSeriousAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(
    serious.map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    ),
  ).toEqual([]);
}

/** The tokens the app keeps for this tab (empty when it has none). */
export async function storedSession(page: Page): Promise<{ accessToken: string; refreshToken: string }> {
  const stored = await page.evaluate(() => sessionStorage.getItem('ddm.session'));
  const session = (
    JSON.parse(stored ?? '{}') as { state?: { session?: { accessToken?: string; refreshToken?: string | null } } }
  ).state?.session;
  return { accessToken: session?.accessToken ?? '', refreshToken: session?.refreshToken ?? '' };
}

/** The access token the app holds after sign-in, for putting test files on the platform through its API. */
async function accessToken(page: Page): Promise<string> {
  return (await storedSession(page)).accessToken;
}

/** A temporary bucket holding one object, through OSS v2 as any client would put it there. */
export async function putObject(page: Page, objectKey: string, bytes: Buffer): Promise<string> {
  const platform = process.env['E2E_PLATFORM_URL'] ?? '';
  const headers = { Authorization: `Bearer ${await accessToken(page)}` };
  const bucketKey = `e2e-${objectKey.replace(/[^a-z0-9]+/g, '-')}-${Date.now().toString(36)}`;
  const created = await page.request.post(`${platform}/oss/v2/buckets`, {
    headers,
    data: { bucketKey, policyKey: 'temporary' },
  });
  expect(created.status()).toBe(200);
  const put = await page.request.put(`${platform}/oss/v2/buckets/${bucketKey}/objects/${objectKey}`, {
    headers: { ...headers, 'Content-Type': 'application/octet-stream' },
    data: bytes,
  });
  expect(put.status()).toBe(200);
  return bucketKey;
}
