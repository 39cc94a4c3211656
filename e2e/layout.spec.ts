import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations, signIn } from './steps';

/** Where things sit: a phone's folder list and ids, and Settings inside the app. */

const grid = (page: Page) => page.getByRole('grid');

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('names keep the row and ids can be copied without hovering', async ({ page }) => {
    await signIn(page);
    await page.getByRole('table', { name: 'Hubs' }).getByRole('link', { name: 'Demo Company' }).click();
    await expect(page.getByRole('heading', { name: 'Demo Company', level: 1 })).toBeVisible();
    await expect(page.getByRole('main').getByRole('button', { name: 'Copy ID of Demo Company' })).toBeVisible();

    await page.getByRole('link', { name: 'Riverside Offices' }).first().click();
    await expect(page.getByRole('heading', { name: 'Riverside Offices', level: 1 })).toBeVisible();
    await expect(page.getByRole('main').getByRole('button', { name: 'Copy ID of Riverside Offices' })).toBeVisible();
    for (const folder of ['Project Files', 'Architecture', 'Models'])
      await grid(page).getByRole('link', { name: folder, exact: true }).click();
    const name = grid(page).getByRole('rowheader', { name: /demo-house\.ifc/ });
    await expect(name).toBeVisible();
    // Most of the row, and the whole name shown.
    const width = (await name.boundingBox())?.width ?? 0;
    expect(width).toBeGreaterThan(390 / 2);
    const link = name.getByRole('link');
    expect(await link.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    await expectNoSeriousAxeViolations(page);
  });
});

test('Settings opens inside the app, its command shown as code', async ({ page }) => {
  await signIn(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  // Still in the shell: the sidebar and the top bar stay.
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('tree')).toBeVisible();
  await expect(page.getByRole('link', { name: /^Translations:/ })).toBeVisible();
  const gateway = page.getByRole('radio', { name: /through a gateway/ }).locator('xpath=ancestor::label');
  await expect(gateway.locator('code')).toHaveText('npm run platform -- gateway');
  await expect(gateway).not.toContainText('`');
  await expectNoSeriousAxeViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoSeriousAxeViolations(page);
});
