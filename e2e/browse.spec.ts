import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations, signIn } from './steps';

/**
 * Browsing the demo seed on the real platform: Demo Company → Riverside Offices → Project Files →
 * Architecture → Models → demo-house.ifc (3 versions) and Archive (5,000 items).
 */

const grid = (page: Page) => page.getByRole('grid');
const openInGrid = async (page: Page, name: string) => {
  await grid(page).getByRole('link', { name, exact: true }).click();
};

test('walks hub → project → folder → item → version, and a reload lands in the same place', async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Hubs', level: 1 })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await page.getByRole('table', { name: 'Hubs' }).getByRole('link', { name: 'Demo Company' }).click();
  await expect(page.getByRole('heading', { name: 'Demo Company', level: 1 })).toBeVisible();
  await expect(page.getByText(/Team hub/)).toBeVisible();
  await expect(page.getByRole('row', { name: /Harbour Bridge Retrofit/ })).toContainText('Team project');
  await expectNoSeriousAxeViolations(page);

  await page.getByRole('link', { name: 'Riverside Offices' }).first().click();
  await expect(page.getByRole('heading', { name: 'Riverside Offices', level: 1 })).toBeVisible();
  await expect(grid(page).getByRole('row', { name: /Project Files/ })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await openInGrid(page, 'Project Files');
  await expect(page.getByRole('heading', { name: 'Project Files', level: 1 })).toBeVisible();
  for (const name of ['Architecture', 'Structure', 'Furniture', 'Fabrication', 'Archive']) {
    await expect(grid(page).getByRole('row', { name: new RegExp(name) })).toBeVisible();
  }
  await expectNoSeriousAxeViolations(page);

  await openInGrid(page, 'Architecture');
  await openInGrid(page, 'Models');
  const house = grid(page).getByRole('row', { name: /demo-house\.ifc/ });
  await expect(house).toContainText('IFC model');
  await expect(house).toContainText('v3');
  await openInGrid(page, 'demo-house.ifc');

  await expect(page.getByRole('heading', { name: 'demo-house.ifc', level: 1 })).toBeVisible();
  const history = page.getByRole('table', { name: 'Version history' });
  await expect(history.getByRole('rowheader')).toHaveText(['v3', 'v2', 'v1']);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Project Files');
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Models');
  await expectNoSeriousAxeViolations(page);

  await history.getByRole('link', { name: 'v2' }).click();
  const details = page.getByRole('complementary', { name: 'Version details' });
  await expect(details.getByRole('heading', { name: 'Version 2' })).toBeVisible();
  await expect(page).toHaveURL(/\/items\/[^/]+\/versions\/2$/);
  await expectNoSeriousAxeViolations(page);

  await page.reload();
  await expect(details.getByRole('heading', { name: 'Version 2' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'demo-house.ifc', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Architecture');
});

test('a shared deep link opens the same place after sign-in', async ({ page, browser }) => {
  await signIn(page);
  await page.getByRole('table', { name: 'Hubs' }).getByRole('link', { name: 'Demo Company' }).click();
  await page.getByRole('link', { name: 'Riverside Offices' }).first().click();
  await openInGrid(page, 'Project Files');
  await openInGrid(page, 'Furniture');
  await expect(page.getByRole('heading', { name: 'Furniture', level: 1 })).toBeVisible();
  const shared = page.url();

  // Someone else, without a session, opens the link.
  const other = await browser.newPage();
  await signIn(other, shared);
  await expect(other.getByRole('heading', { name: 'Furniture', level: 1 })).toBeVisible();
  await expect(other).toHaveURL(shared);
  await expect(grid(other).getByRole('row', { name: /table\.obj/ })).toContainText('v2');
  await other.close();
});

test('scrolls the 5,000-item Archive to its end, fetching pages as they come into view', async ({ page }) => {
  const pages: number[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname.endsWith('/contents') && !url.searchParams.has('filter[type]')) {
      pages.push(Number(url.searchParams.get('page[number]')));
    }
  });
  await signIn(page);
  await page.getByRole('table', { name: 'Hubs' }).getByRole('link', { name: 'Demo Company' }).click();
  await page.getByRole('link', { name: 'Riverside Offices' }).first().click();
  await openInGrid(page, 'Project Files');
  await expect(grid(page).getByRole('row', { name: /Archive/ })).toBeVisible();
  pages.length = 0;
  await openInGrid(page, 'Archive');

  await expect(grid(page)).toHaveAttribute('aria-rowcount', '5001');
  await expect(grid(page).getByRole('row', { name: /record-0001\.txt/ })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // Scroll as a wheel would, a screenful at a time, until the last row shows.
  const last = grid(page).getByRole('row', { name: /record-5000\.txt/ });
  await grid(page).hover();
  await expect(async () => {
    await page.mouse.wheel(0, 20_000);
    await expect(last).toBeVisible({ timeout: 250 });
  }).toPass({ timeout: 60_000, intervals: [0] });

  // 5,000 rows are 25 pages of 200: each fetched once at most, none twice.
  expect(new Set(pages).size).toBe(pages.length);
  expect(pages.length).toBeLessThanOrEqual(25);
  expect(pages).toContain(24);

  // And from the keyboard: Ctrl+Home back to the top, Ctrl+End to the end again.
  await grid(page)
    .getByRole('rowheader', { name: /record-5000\.txt/ })
    .click();
  await page.keyboard.press('Control+Home');
  await expect(grid(page).getByRole('rowheader', { name: /record-0001\.txt/ })).toBeFocused();
  await page.keyboard.press('Control+End');
  await expect(grid(page).getByRole('rowheader', { name: /record-5000\.txt/ })).toBeFocused();
});

test('filters by name and sorts inside the Archive', async ({ page }) => {
  await signIn(page);
  await page.getByRole('table', { name: 'Hubs' }).getByRole('link', { name: 'Demo Company' }).click();
  await page.getByRole('link', { name: 'Riverside Offices' }).first().click();
  await openInGrid(page, 'Project Files');
  await openInGrid(page, 'Archive');
  await expect(grid(page).getByRole('row', { name: /record-0001\.txt/ })).toBeVisible();

  await page.keyboard.press('/');
  await expect(page.getByRole('searchbox', { name: 'Filter by name' })).toBeFocused();
  await page.keyboard.type('record-4321');
  await expect(page.getByText('1 match for “record-4321”')).toBeVisible({ timeout: 30_000 });
  await expect(grid(page).getByRole('rowheader')).toHaveText(['record-4321.txt']);
  await expect(page).toHaveURL(/[?&]q=record-4321/);

  // Another order needs every row; the service's own order is by name, so Z to A is a fair test.
  await page.keyboard.press('Escape');
  await page.getByRole('combobox', { name: 'Sort' }).selectOption({ label: 'Name, Z to A' });
  await expect(grid(page).getByRole('rowheader').first()).toHaveText('record-5000.txt', { timeout: 30_000 });
  await expect(page).toHaveURL(/[?&]order=desc/);
});

test('downloads a version through its storage object and OSS', async ({ page }) => {
  await signIn(page);
  await page.getByRole('table', { name: 'Hubs' }).getByRole('link', { name: 'Demo Company' }).click();
  await page.getByRole('link', { name: 'Riverside Offices' }).first().click();
  await openInGrid(page, 'Project Files');
  await openInGrid(page, 'Fabrication');
  await openInGrid(page, 'ring.stl');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download version 1' }).click();
  expect((await download).suggestedFilename()).toBe('ring.stl');
});
