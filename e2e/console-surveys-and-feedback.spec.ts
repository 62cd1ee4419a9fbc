import { expect, test } from '@playwright/test';
import { signInToConsole } from './console-helpers.ts';

test('a smart survey is created with its live preview, gets targets from a CSV, is searched, edited and deleted', async ({
  page,
}) => {
  test.slow();
  const surveyType = `nps-${Date.now()}`;
  await signInToConsole(page);
  await page.getByRole('link', { name: 'SmartSurvey' }).click();
  await page.getByRole('link', { name: 'Create survey' }).click();

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Please fill in the survey type.')).toBeVisible();
  await expect(page.getByText('Please fill in the message.')).toBeVisible();
  await expect(page.getByText('Please fill in the expire date.')).toBeVisible();
  // The fields of the action type are checked with the common ones: every problem at once.
  await expect(page.getByText('A Typeform survey needs the Typeform ID.')).toBeVisible();

  await page.getByLabel('Survey type').fill(surveyType);
  await page.getByLabel('Language', { exact: true }).selectOption('en');
  await page.getByLabel('Message', { exact: true }).fill('How do you like the editor?');
  await page.getByLabel('Expire date (KST)').fill('2030-01-31 23:59');
  await page.getByLabel('Typeform ID').fill('tf123');
  await page.getByLabel('Confirm message').fill('Answer now');
  await expect(
    page.getByRole('img', { name: 'Preview (en): How do you like the editor? Answer now' }),
  ).toBeVisible();
  // Changing the action type rewrites the confirm message to the new type's default.
  await page.getByLabel('Action type').selectOption('upgrade');
  await expect(page.getByLabel('Confirm message')).toHaveValue('Upgrade');
  await expect(page.getByLabel('Typeform ID')).toHaveCount(0);
  await page.getByLabel('Action type').selectOption('typeform');
  await expect(page.getByLabel('Confirm message')).toHaveValue('Take the survey');
  await page.getByLabel('Display mode').selectOption('slider');
  await page.getByLabel('After an export').check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved successfully', { exact: true })).toBeVisible();

  const row = page.getByRole('row', { name: new RegExp(surveyType) });
  await expect(row).toContainText('2030-01-31 23:59');
  await expect(row).toContainText('app_start, after_export');
  await row.getByRole('link', { name: 'Show' }).click();
  await expect(page.getByText('This survey has no targets yet: nobody will see it.')).toBeVisible();

  await page.getByRole('link', { name: 'Add targets' }).click();
  await expect(page.getByLabel('Survey type')).toHaveValue(surveyType);
  await page.getByLabel('CSV file of IDs (one per row)').setInputFiles({
    name: 'empty.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('uid\n'),
  });
  await expect(page.getByText('no uid or emails found')).toBeVisible();
  const ids = Array.from({ length: 25 }, (_, index) => `user-${String(index).padStart(3, '0')}`);
  await page.getByLabel('CSV file of IDs (one per row)').setInputFiles({
    name: 'targets.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(['uid', ...ids].join('\n')),
  });
  await expect(page.getByText('25 IDs in the file')).toBeVisible();
  await page.getByRole('button', { name: 'Add targets' }).click();
  await expect(page.getByText('All 25 items succeeded.')).toBeVisible({ timeout: 20_000 });

  await page.goBack();
  await expect(page.getByRole('cell', { name: 'user-000' })).toBeVisible();
  await page.getByLabel('Search by ID').fill('user-01');
  await expect(page.getByRole('table', { name: 'Targets' }).getByRole('row')).toHaveCount(11);

  await page.getByRole('link', { name: 'SmartSurvey' }).click();
  await page
    .getByRole('row', { name: new RegExp(surveyType) })
    .getByRole('link', { name: 'Edit' })
    .click();
  await page.getByLabel('Message', { exact: true }).fill('Still enjoying it?');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('row', { name: new RegExp(surveyType) })).toContainText('Still enjoying it?');
  await page
    .getByRole('row', { name: new RegExp(surveyType) })
    .getByRole('button', { name: 'Delete' })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Deleted successfully', { exact: true })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(surveyType) })).toHaveCount(0);
});

test('feedback files are found by name and a cloud project is copied for feedback', async ({ page }) => {
  await signInToConsole(page);
  await page.getByRole('link', { name: 'Feedback files' }).click();
  await page.getByRole('textbox', { name: 'File names' }).fill('sample-feedback.log, missing\\,file.txt');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('row', { name: 'missing,file.txt File not found' })).toBeVisible();
  const download = page.waitForEvent('download');
  await page
    .getByRole('row', { name: /sample-feedback\.log/ })
    .getByRole('link', { name: 'Download' })
    .click();
  expect((await download).suggestedFilename()).toBe('sample-feedback.log');

  await page.goto('/admin/feedbackFiles/cloud?projectId=no-such-project');
  await page.getByRole('button', { name: 'Copy for feedback' }).click();
  await expect(page.getByText('Error: No cloud project has this ID. (PROJECT_NOT_FOUND)')).toBeVisible();
  await page.getByLabel('Project ID').fill('sample-project');
  await page.getByRole('button', { name: 'Copy for feedback' }).click();
  await expect(page.getByText(/Copied 2 files to cloud\/sample-project\/\d{14}\//)).toBeVisible();
});
