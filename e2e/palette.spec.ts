import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations, signIn } from './steps';

/**
 * The command palette on the real platform's demo seed: Demo Company → Riverside Offices → Project
 * Files → Architecture → Models → demo-house.ifc, found by name through the folder search.
 */

const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });
const combobox = (page: Page) => palette(page).getByRole('combobox', { name: /Go to a place/ });

async function openPalette(page: Page) {
  await page.keyboard.press('Control+K');
  await expect(combobox(page)).toBeFocused();
}

test('Ctrl+K goes to a project and a folder, finds a file by name and opens it; Esc gives focus back', async ({
  page,
}) => {
  // Four palettes, three pages and two axe runs on a shared machine.
  test.setTimeout(120_000);
  await signIn(page);
  await page.getByRole('table', { name: 'Hubs' }).getByRole('link', { name: 'Demo Company' }).click();
  await expect(page.getByRole('heading', { name: 'Demo Company', level: 1 })).toBeVisible();

  const opener = page.getByRole('button', { name: 'Go to…' });
  await opener.focus();
  await openPalette(page);
  await expect(
    palette(page)
      .getByRole('group', { name: 'Recent' })
      .getByRole('option', { name: /Demo Company/ }),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(palette(page)).toBeHidden();
  await expect(opener).toBeFocused();

  await openPalette(page);
  await combobox(page).fill('river');
  await expect(palette(page).getByRole('option', { name: /Riverside Offices.*Project/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Riverside Offices', level: 1 })).toBeVisible();
  await expect(palette(page)).toBeHidden();

  await openPalette(page);
  await combobox(page).fill('project fi');
  await expect(palette(page).getByRole('option', { name: /Project Files.*Folder/ })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Project Files', level: 1 })).toBeVisible();

  // Inside the project, the palette asks the service's folder search; the file is two folders down.
  await openPalette(page);
  await combobox(page).fill('DEMO-house');
  const files = palette(page).getByRole('group', { name: 'Files in Riverside Offices' });
  await expect(files.getByRole('option', { name: /demo-house\.ifc.*version 3/ })).toBeVisible();
  await expect(palette(page).getByRole('status')).toContainText('found in Riverside Offices');
  await expectNoSeriousAxeViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoSeriousAxeViolations(page);
  await page.emulateMedia({ colorScheme: 'light' });
  // Places that match may be listed above the file: move down until the file is the active option.
  const house = files.getByRole('option', { name: /demo-house\.ifc/ });
  await expect(async () => {
    if ((await house.getAttribute('aria-selected')) !== 'true') await page.keyboard.press('ArrowDown');
    await expect(house).toHaveAttribute('aria-selected', 'true', { timeout: 500 });
  }).toPass();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'demo-house.ifc', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Version history' }).getByRole('rowheader')).toHaveText([
    'v3',
    'v2',
    'v1',
  ]);

  // What was opened comes back as recent, newest first.
  await openPalette(page);
  const recent = palette(page).getByRole('group', { name: 'Recent' }).getByRole('option');
  await expect(recent.first()).toContainText('demo-house.ifc');
  await expect(recent.nth(1)).toContainText('Project Files');
  await page.keyboard.press('Escape');
  await expect(palette(page)).toBeHidden();
});

test("? lists every keyboard shortcut, the palette's among them", async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Hubs', level: 1 })).toBeVisible();
  await page.locator('body').press('?');
  const shortcuts = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(shortcuts.getByRole('row', { name: /Ctrl \+ K.*command palette/ })).toBeVisible();
  await expect(shortcuts.getByRole('row', { name: /\/.*Focus the filter/ })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoSeriousAxeViolations(page);
  await shortcuts.getByRole('button', { name: 'Close' }).click();
  await expect(shortcuts).toBeHidden();
});
