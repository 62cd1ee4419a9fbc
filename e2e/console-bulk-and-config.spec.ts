import { expect, test } from '@playwright/test';
import { signInToConsole, uniqueEmail } from './console-helpers.ts';

test('a bulk user create from a CSV shows its progress and lists the failed rows with their reasons', async ({
  page,
}) => {
  await signInToConsole(page);
  await page.getByRole('link', { name: 'Create users in bulk' }).click();
  await expect(page.getByRole('heading', { name: 'Create users in bulk' })).toBeVisible();

  await page.getByRole('button', { name: 'Create users' }).click();
  await expect(page.getByText('assistEmail should be filled to create user manually')).toBeVisible();
  await expect(page.getByText('For admin activity, desc should be filled.')).toBeVisible();
  await page.getByLabel('Assist e-mail').fill('school@example.com');
  await page.getByLabel('Description (reason)').fill('pilot class');
  await page.getByRole('button', { name: 'Create users' }).click();
  await expect(page.getByText('No users are given.')).toBeVisible();

  const good = [uniqueEmail('bulk-a'), uniqueEmail('bulk-b'), uniqueEmail('bulk-c')];
  const csv = [
    'email,name,password,language,referralType,referralCode',
    ...good.map((email, index) => `${email},Student ${index},class-pass${index},ko,,`),
    'broken-address,Student X,class-pass9,ko,,',
    `${uniqueEmail('bulk-d')},Y,class-pass9,ko,,`,
    `${uniqueEmail('bulk-e')},Student Z,short,ko,,`,
  ].join('\n');
  await page
    .getByLabel('CSV file of users')
    .setInputFiles({ name: 'class.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByText('class.csv: 6 users')).toBeVisible();
  await page.getByRole('button', { name: 'Create users' }).click();

  await expect(page.getByText('6 / 6 processed')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Failed to create.. 3 failed, 3 succeeded.')).toBeVisible();
  const failures = page.getByRole('table', { name: 'Failures' });
  await expect(
    failures.getByRole('row', { name: 'broken-address email should be filled with valid email format' }),
  ).toBeVisible();
  await expect(failures.getByText('name should be valid chars, between 2 and 32 characters')).toBeVisible();
  await expect(failures.getByText('password should be between 6 and 16 characters')).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Console navigation' })
    .getByRole('link', { name: 'Users' })
    .click();
  await page.getByLabel('E-mail', { exact: true }).fill(good[1] as string);
  await page.getByRole('row', { name: `Student 1 ${good[1]}` }).click();
  await expect(page.getByText('school@example.com')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Account created in bulk', exact: true })).toBeVisible();
});

test('a config is created, edited in its row and on its page, and deleted after confirmation', async ({
  page,
}) => {
  const name = `e2e-flag-${Date.now()}`;
  await signInToConsole(page);
  await page
    .getByRole('navigation', { name: 'Console navigation' })
    .getByRole('link', { name: 'Config' })
    .click();
  await page.getByRole('link', { name: 'Create config' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Please fill in the name.')).toBeVisible();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Value').fill('{"enabled":false}');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved successfully', { exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();

  await page.getByRole('button', { name: `Edit ${name}` }).click();
  await page.getByLabel(`Value ${name}`).fill('{"enabled":true}');
  await page.getByRole('button', { name: `Save ${name}` }).click();
  const row = page.getByRole('row', { name });
  await expect(row.getByRole('cell', { name: '{"enabled":true}' })).toBeVisible();

  await row.getByRole('link', { name: 'Open' }).click();
  await expect(page.getByLabel('Value')).toHaveValue('{"enabled":true}');
  await page.getByLabel('Value').fill('{"enabled":true,"ratio":0.5}');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(row.getByRole('cell', { name: '{"enabled":true,"ratio":0.5}' })).toBeVisible();

  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await expect(page.getByRole('alertdialog', { name: `Do you want to delete ${name}?` })).toBeVisible();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Deleted successfully', { exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name, exact: true })).toHaveCount(0);
});
