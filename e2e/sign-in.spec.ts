import { expect, test } from '@playwright/test';

const email = () => process.env['E2E_DEMO_EMAIL'] ?? '';
const password = () => process.env['E2E_DEMO_PASSWORD'] ?? '';

test('the demo user signs in through the platform and sees the demo hub', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in' }).click();

  // The platform's own sign-in page, on the platform's origin.
  await expect(page).toHaveURL(new RegExp(`^${process.env['E2E_PLATFORM_URL']}/authentication/v2/authorize`));
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
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Email').fill(email());
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('The email or password is not right');
  await expect(page.getByLabel('Email')).toHaveValue(email());
});
