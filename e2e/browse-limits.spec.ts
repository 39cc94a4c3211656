import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations, signIn } from './steps';
import { ONE_TRANSLATION_WORKER, startStack, type Stack } from './stack';

/**
 * The folder view when the platform says no: Data Management's limit lowered to 12 requests per
 * 10-second window (instead of 100 a minute), so browsing spends most of it and a sort of the
 * 5,000-item Archive meets a 429 that ends within seconds; then the platform goes away altogether.
 */
let stack: Stack;
test.beforeAll(async () => {
  stack = await startStack([
    '--rate-limit',
    'data-management=12',
    '--rate-limit-window',
    '10',
    ...ONE_TRANSLATION_WORKER,
  ]);
});
test.afterAll(async () => {
  await stack.stop();
});

const grid = (page: Page) => page.getByRole('grid');
const banner = (page: Page) => page.getByRole('main').getByRole('status').filter({ hasText: 'rate limit' });

async function signInToArchive(page: Page) {
  await signIn(page, `${stack.appUrl}/hubs`, stack);
  await page.getByRole('table', { name: 'Hubs' }).getByRole('link', { name: 'Demo Company' }).click();
  await page.getByRole('link', { name: 'Riverside Offices' }).first().click();
  await grid(page).getByRole('link', { name: 'Project Files', exact: true }).click();
  await grid(page).getByRole('link', { name: 'Archive', exact: true }).click();
  await expect(grid(page).getByRole('row', { name: /record-0001\.txt/ })).toBeVisible({ timeout: 30_000 });
}

test('sorting and filtering the Archive once browsing has spent the budget: the rows stay, the wait is explained, work resumes', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 429) refused.push(response.url());
  });
  await signInToArchive(page);

  // Another order needs all 25 pages: more than the window allows.
  await page.getByRole('combobox', { name: 'Sort' }).selectOption({ label: 'Largest first' });
  await expect(page.getByText(/^Sorting by size needs every row: [\d,]+ of 5,000 loaded…/)).toBeVisible();
  await expect(banner(page)).toContainText(/Data Management's rate limit is reached: requests resume in \d+ s\./, {
    timeout: 20_000,
  });
  expect(refused.length).toBeGreaterThan(0);
  // What was on screen stays on screen, in its place, and the tree beside it waits rather than fails.
  await expect(grid(page).getByRole('rowheader').first()).toHaveText('record-0001.txt');
  await expect(page.getByRole('tree').getByRole('treeitem', { name: /Archive/ })).toBeVisible();
  await expect(page.getByRole('tree')).not.toContainText("Couldn't load");
  await expectNoSeriousAxeViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoSeriousAxeViolations(page);
  await page.emulateMedia({ colorScheme: 'light' });

  // Work resumes by itself: the largest first (all records are the same size, so Z to A by name).
  await expect(grid(page).getByRole('rowheader').first()).toHaveText('record-5000.txt', { timeout: 60_000 });
  await expect(banner(page)).toHaveCount(0);

  // The service filters names itself, whatever the case typed: one page for one match, straight after.
  const answered: string[] = [];
  page.on('response', (response) => {
    const value = new URL(response.url()).searchParams.get('filter[displayName]-contains');
    if (value && response.ok()) answered.push(value);
  });
  await page.getByRole('searchbox', { name: 'Filter by name' }).fill('RECORD-4321');
  await expect(page.getByText(/^1 match for “RECORD-4321”/)).toBeVisible({ timeout: 30_000 });
  await expect(grid(page).getByRole('rowheader')).toHaveText(['record-4321.txt']);
  expect(answered).toHaveLength(1);
});

test('an outage keeps the rows and says so once; a missing folder offers the way up', async ({ page }) => {
  // Signing in and browsing again spends the lowered limit too.
  test.setTimeout(120_000);
  await signInToArchive(page);
  const archive = page.url();

  // Browsing to the Archive may have spent the window, so the answer can wait for the next one (10 s).
  await page.goto(archive.replace(/folders\/[^/?]+/, 'folders/urn:adsk.wipprod:fs.folder:co.gone'));
  await expect(page.getByRole('heading', { name: "This folder can't be found", level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Riverside Offices' }).click();
  await expect(page.getByRole('heading', { name: 'Riverside Offices', level: 1 })).toBeVisible({ timeout: 30_000 });

  await page.goto(archive);
  await expect(grid(page).getByRole('row', { name: /record-0001\.txt/ })).toBeVisible({ timeout: 30_000 });
  // The page in full (the lowered limit may still be holding some of it back), then the outage.
  await expect(page.getByRole('heading', { name: 'Archive', level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(banner(page)).toHaveCount(0, { timeout: 30_000 });
  await stack.stopPlatform();
  await page.getByRole('button', { name: 'Refresh' }).click();
  const toasts = page.getByRole('region', { name: 'Notifications' }).getByRole('listitem');
  await expect(toasts.filter({ hasText: 'Could not refresh data' })).toHaveCount(1, { timeout: 20_000 });
  await expect(grid(page).getByRole('row', { name: /record-0001\.txt/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Archive', level: 1 })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);
});
