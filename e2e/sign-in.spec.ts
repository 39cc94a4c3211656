import { expect, test } from '@playwright/test';
import { ONE_TRANSLATION_WORKER, ownStack } from './stack';

// A stack of its own: the platform asks for consent once per person and app, so this spec's first
// sign-in must be the demo user's first on its platform, whatever ran before.
const stack = ownStack(ONE_TRANSLATION_WORKER);
const email = () => stack().email;
const password = () => stack().password;

test('the demo user signs in through the platform and sees the demo hub', async ({ page }) => {
  await page.goto(`${stack().appUrl}/`);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in' }).click();

  // The platform's own sign-in page, on the platform's origin.
  await expect(page).toHaveURL(new RegExp(`^${stack().platformUrl}/authentication/v2/authorize`));
  await expect(page.getByLabel('Email')).toHaveAttribute('autocomplete', 'username');
  await expect(page.getByLabel('Password')).toHaveAttribute('autocomplete', 'current-password');
  await page.getByLabel('Email').fill(email());
  await page.getByLabel('Password').fill(password());
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page.getByRole('heading', { name: 'Allow access?' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Requested permissions' })).toContainText('data:read');
  await page.getByRole('button', { name: 'Allow' }).click();

  await expect(page.getByRole('heading', { name: 'Hubs', level: 1 })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'Demo Company' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Account menu/ })).toContainText('Dana Demo');
});

test('a wrong password is refused on the sign-in page, in words', async ({ page }) => {
  await page.goto(`${stack().appUrl}/`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Email').fill(email());
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('The email or password is not right');
  await expect(page.getByLabel('Email')).toHaveValue(email());
});
