import { expect, test, type Locator, type Page } from '@playwright/test';
import { cartAssembly, stepAssembly } from '../platform/testing/translation/step-assembly';
import { expectNoSeriousAxeViolations, putObject, signIn } from './steps';

/**
 * The 3D preview beside its object tree and properties, on a laptop-sized screen, with a STEP
 * assembly four levels deep (a cart: axles of wheels and a hub of a bolt and a nut, a ballast block
 * hidden inside the chassis): every level in the tree, the tree from the keyboard, a deep part picked
 * in 3D and found in the tree, the hidden block isolated, ghosted and framed.
 */

test.use({ viewport: { width: 1440, height: 900 } });

/** Every cell of a table shows its whole text: nothing cut off at its edge. */
async function cutCells(table: Locator): Promise<string[]> {
  return table
    .locator('th, td')
    .evaluateAll((cells) =>
      cells.filter((cell) => cell.scrollWidth > cell.clientWidth + 1).map((cell) => cell.textContent ?? ''),
    );
}

async function translate(page: Page, objectKey: string) {
  await page.getByRole('link', { name: `Translate ${objectKey}` }).click();
  const dialog = page.getByRole('dialog', { name: `Translate ${objectKey}` });
  await dialog.getByRole('button', { name: 'Translate' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('region', { name: 'Latest translation' }).getByText('Succeeded')).toBeVisible({
    timeout: 90_000,
  });
}

test('a nested STEP assembly in the preview: the tree from the keyboard, a deep part picked in 3D, a hidden part isolated', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Hubs', level: 1 })).toBeVisible();
  const bucketKey = await putObject(page, 'cart.step', Buffer.from(stepAssembly(cartAssembly())));
  await page.goto(`/buckets/${bucketKey}`);
  await translate(page, 'cart.step');

  await page.getByRole('tab', { name: 'Preview' }).click();
  const preview = page.getByRole('img', { name: '3D preview' });
  await expect(preview).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  const tree = page.getByRole('tree', { name: 'Object tree' });
  const item = (name: string) => tree.getByRole('treeitem', { name, exact: true });

  // The tree from the keyboard, down to a part four levels deep, which Enter selects.
  await item('Cart').click();
  await expect(item('Cart')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(item('Front axle')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(item('Left wheel').first()).toBeFocused();
  await page.keyboard.press('End');
  await page.keyboard.press('Home');
  await expect(item('Cart')).toBeFocused();
  await page.keyboard.press('h');
  await expect(item('Hub').first()).toBeFocused();
  await expect(item('Hub').first()).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('ArrowRight');
  await expect(item('Hub').first()).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('ArrowRight');
  await expect(item('Bolt')).toBeFocused();
  await expect(item('Bolt')).toHaveAttribute('aria-level', '4');
  await page.keyboard.press('Enter');
  await expect(item('Bolt')).toHaveAttribute('aria-selected', 'true');
  const properties = page.getByRole('table', { name: 'Properties of Bolt' });
  await expect(properties.getByRole('row', { name: /^Name Bolt/ }).first()).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(item('Hub').first()).toBeFocused();

  // Readable at 1440 px: the panel beside the 3D view is wide enough for names and values, and wider on request.
  const separator = page.getByRole('separator', { name: 'Resize the objects and properties' });
  expect(Number(await separator.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(400);
  expect((await properties.boundingBox())?.width).toBeGreaterThanOrEqual(380);
  expect(await cutCells(properties)).toEqual([]);
  const width = Number(await separator.getAttribute('aria-valuenow'));
  await separator.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(separator).toHaveAttribute('aria-valuenow', String(width + 24));

  // The selected part, four levels deep, has its own pixel in 3D: clearing the selection and closing
  // the tree, then a click on that pixel selects the part again and the tree opens down to it.
  await expect(preview).not.toHaveAttribute('data-pick-point', '');
  const point = (await preview.getAttribute('data-pick-point')) ?? 'none';
  expect(point, 'the bolt is in sight').not.toBe('none');
  const boltId = await preview.getAttribute('data-selected');
  await page.getByRole('button', { name: 'Collapse all' }).click();
  await expect(item('Bolt')).toHaveCount(0);
  await preview.locator('canvas').click({ position: { x: 2, y: 2 } });
  await expect(preview).toHaveAttribute('data-selected', '');
  const [x, y] = point.split(',').map(Number);
  await preview.locator('canvas').click({ position: { x: x ?? 0, y: y ?? 0 } });
  await expect(preview).toHaveAttribute('data-selected', boltId ?? 'missing');
  await expect(item('Bolt')).toHaveAttribute('aria-selected', 'true');
  await expect(item('Bolt')).toBeInViewport();
  await expect(
    page.getByRole('table', { name: 'Properties of Bolt' }).getByRole('row', { name: /^Id NAUO/ }),
  ).toBeVisible();

  // A part hidden inside another: the view says so, and isolating, ghosting or framing it shows it.
  await item('Ballast').click();
  await expect(preview).toHaveAttribute('data-pick-point', 'none');
  await expect(page.getByRole('status').filter({ hasText: 'The selected object is out of sight' })).toBeVisible();
  const toolbar = page.getByRole('toolbar', { name: '3D view' });
  await toolbar.getByRole('button', { name: 'Isolate' }).click();
  await expect(toolbar.getByRole('button', { name: 'Isolate' })).toHaveAttribute('aria-pressed', 'true');
  await expect(preview).toHaveAttribute('data-pick-point', /^\d+,\d+$/);
  await toolbar.getByRole('button', { name: 'Fit to selection' }).click();
  await expect(preview).toHaveAttribute('data-pick-point', /^\d+,\d+$/);
  await toolbar.getByRole('button', { name: 'Ghost others' }).click();
  await expect(toolbar.getByRole('button', { name: 'Ghost others' })).toHaveAttribute('aria-pressed', 'true');
  await expect(toolbar.getByRole('button', { name: 'Isolate' })).toHaveAttribute('aria-pressed', 'false');
  await expect(preview).toHaveAttribute('data-pick-point', /^\d+,\d+$/);
  await expectNoSeriousAxeViolations(page);
  await toolbar.getByRole('button', { name: 'Show all' }).click();
  await expect(preview).toHaveAttribute('data-pick-point', 'none');

  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expectNoSeriousAxeViolations(page);
});
