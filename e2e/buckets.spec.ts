import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations, signIn } from './steps';

/** Buckets on the real platform: the naming rules while typing, then create, list and delete. */

test('a bucket name is checked while typing, then a valid bucket is created, listed and deleted', async ({ page }) => {
  // Unique per run, so a platform kept from an earlier run never answers 409.
  const bucketKey = `e2e-bucket-${Date.now().toString(36)}`;
  await signIn(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Buckets' }).click();
  await expect(page.getByRole('heading', { name: 'Buckets', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/buckets$/);

  await page.getByRole('button', { name: 'New bucket' }).first().click();
  const name = page.getByRole('textbox', { name: 'Bucket name' });
  await name.fill('My_Bucket');
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('status').filter({ hasText: 'Uppercase letters are not allowed' })).toBeVisible();
  await name.fill('192.168.0.1');
  await expect(page.getByRole('status').filter({ hasText: 'must not look like an IP address' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create bucket' })).toBeDisabled();

  await name.fill(bucketKey);
  await expect(name).not.toHaveAttribute('aria-invalid');
  await page.getByRole('radio', { name: /Temporary/ }).check();
  await page.getByRole('button', { name: 'Create bucket' }).click();

  const table = page.getByRole('table', { name: 'Buckets' });
  const row = table.getByRole('row').filter({ has: page.getByRole('link', { name: bucketKey, exact: true }) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Temporary');
  await expectNoSeriousAxeViolations(page);

  // Its own page is a deep link that survives a reload.
  await row.getByRole('link', { name: bucketKey, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/buckets/${bucketKey}$`));
  await page.reload();
  await expect(page.getByRole('heading', { name: bucketKey, level: 1 })).toBeVisible();
  await expect(page.getByText('Temporary: Objects are deleted 30 days after upload.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'This bucket is empty' })).toBeVisible();
  await page.goBack();
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: `Delete bucket ${bucketKey}` }).click();
  const dialog = page.getByRole('dialog', { name: `Delete bucket ${bucketKey}?` });
  await expect(dialog).toBeVisible();
  const confirm = dialog.getByRole('button', { name: 'Delete bucket' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(/to confirm/).fill(bucketKey);
  await expectNoSeriousAxeViolations(page);
  await confirm.click();

  await expect(dialog).toBeHidden();
  await expect(table.getByRole('link', { name: bucketKey, exact: true })).toHaveCount(0);
});
