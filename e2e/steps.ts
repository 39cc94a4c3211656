import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Steps several specs share, written as a person would take them. */

export const demoEmail = () => process.env['E2E_DEMO_EMAIL'] ?? '';
export const demoPassword = () => process.env['E2E_DEMO_PASSWORD'] ?? '';

/** Opens `start`, signs in as the demo user (of the shared stack, unless another account is given) on the platform's pages and allows access. */
export async function signIn(page: Page, start = '/', account = { email: demoEmail(), password: demoPassword() }) {
  await page.goto(start);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Allow' }).click();
}

/** The issues' bar: no serious or critical axe violation. Lesser ones are in the report, not failed on. */
export async function expectNoSeriousAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`)).toEqual([]);
}
