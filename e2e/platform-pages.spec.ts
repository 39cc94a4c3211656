import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ONE_TRANSLATION_WORKER, ownStack } from './stack';

// A stack of its own, so the consent page comes: the platform asks once per person and app.
const stack = ownStack(ONE_TRANSLATION_WORKER);
const email = () => stack().email;
const password = () => stack().password;

/** No axe violation at all, in the light theme and the dark one: the pages follow the system's. */
async function expectNoAxeViolations(page: Page) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const { violations } = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(violations.map((violation) => `${colorScheme}: ${violation.id}: ${violation.help}`)).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: null });
}

test('the platform’s sign-in and consent pages work from the keyboard alone and pass axe', async ({ page }) => {
  await page.goto(`${stack().appUrl}/`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`^${stack().platformUrl}/authentication/v2/authorize`));

  // The email field has focus on arrival; Tab and Enter do the rest.
  await expect(page.getByLabel('Email')).toBeFocused();
  await expectNoAxeViolations(page);
  await page.keyboard.type(email());
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password')).toBeFocused();
  await page.keyboard.type('not-the-password');
  await page.keyboard.press('Enter');

  // A wrong password is said in words, tied to the fields it is about.
  await expect(page.getByRole('alert')).toContainText('The email or password is not right');
  await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);
  await page.getByLabel('Password').focus();
  await page.keyboard.type(password());
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { name: 'Allow access?' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Allow' })).toBeFocused();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Hubs', level: 1 })).toBeVisible();
});
