import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { signInToConsole } from './console-helpers.ts';

/** The onboarding survey form builder: build, reorder, export and import a form; release it and load it back. */
async function questionIds(page: Page): Promise<string[]> {
  const items = page.getByRole('list', { name: 'Questions' }).getByRole('listitem');
  return (await items.allInnerTexts()).map((text) => text.replace(/^\S+\s*\d+\.\s*/, '').split(' ')[0] ?? '');
}

/**
 * Presses ArrowUp during a keyboard drag until the live region announces the item over `target`.
 * dnd-kit attaches its keydown listener a tick after the pick-up and measures the droppables after
 * that, so on a busy machine the first press can land before either and move nothing; the press
 * is repeated only when the announcement has not changed, so it never overshoots.
 */
async function moveUpUntilOver(page: Page, target: string): Promise<void> {
  const announced = page.locator('[id^="DndLiveRegion"]');
  const wanted = `moved over droppable area ${target}.`;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const before = (await announced.textContent()) ?? '';
    if (before.includes(wanted)) return;
    await page.keyboard.press('ArrowUp');
    try {
      await expect(announced).not.toHaveText(before, { timeout: 3000 });
    } catch {
      // The press moved nothing: press again.
    }
  }
  await expect(announced).toContainText(wanted);
}

test('a survey is built in the form builder, reordered, exported, imported, released and loaded back', async ({
  page,
}) => {
  test.slow();
  await signInToConsole(page);
  await page.getByRole('link', { name: 'SurveyFormBuilder' }).click();
  await page.getByLabel('Survey language').selectOption('es');

  await page.getByRole('button', { name: 'Add select question' }).click();
  const select = page.getByRole('dialog', { name: 'Select question' });
  await select.getByRole('button', { name: 'Save' }).click();
  await expect(select.getByText('Please fill in the question ID.')).toBeVisible();
  await select.getByLabel('Question ID').fill('role');
  await select.getByLabel('Question', { exact: true }).fill('¿Qué creas?');
  await select.getByLabel('Option 1 ID').fill('edu');
  await select.getByLabel('Option 1 answer').fill('Clases');
  await select.getByRole('button', { name: 'Add option' }).click();
  await select.getByLabel('Option 2 ID').fill('edu');
  await select.getByLabel('Option 2 answer').fill('Vlogs');
  await select.getByRole('button', { name: 'Save' }).click();
  await expect(select.getByText('Option IDs must be unique.')).toBeVisible();
  await select.getByLabel('Option 2 ID').fill('vlog');
  await select.getByRole('button', { name: 'Save' }).click();
  await expect(select).toBeHidden();

  await page.getByRole('button', { name: 'Add text question' }).click();
  const text = page.getByRole('dialog', { name: 'Text question' });
  await text.getByLabel('Question ID').fill('why');
  await text.getByLabel('Question', { exact: true }).fill('¿Por qué?');
  await text.getByLabel('Placeholder').fill('Cuéntanos');
  await text.getByLabel('Earlier question').selectOption('role');
  await text.getByLabel('Clases').check();
  await text.getByRole('button', { name: 'Save' }).click();

  await page.getByRole('button', { name: 'Add text question' }).click();
  await text.getByLabel('Question ID').fill('role');
  await text.getByLabel('Question', { exact: true }).fill('¿Nombre?');
  await text.getByRole('button', { name: 'Save' }).click();
  await expect(text.getByText('Another question has this ID.')).toBeVisible();
  await text.getByLabel('Question ID').fill('name');
  await text.getByRole('button', { name: 'Save' }).click();
  expect(await questionIds(page)).toEqual(['role', 'why', 'name']);

  // Drag with the keyboard: lift with Space, move up twice, drop with Space. Each step waits for the
  // drag-and-drop live region to announce it, so a busy machine cannot run the keys together.
  const announced = page.locator('[id^="DndLiveRegion"]');
  await page.getByRole('button', { name: 'Move question name' }).focus();
  await page.keyboard.press('Space');
  // dnd-kit announces the pick-up, then the item over its own place; moves are counted from there.
  await expect(announced).toContainText('item name was moved over droppable area name.');
  await moveUpUntilOver(page, 'why');
  await moveUpUntilOver(page, 'role');
  await page.keyboard.press('Space');
  await expect.poll(() => questionIds(page)).toEqual(['name', 'role', 'why']);
  // A question cannot go before the question it depends on.
  await page.getByRole('button', { name: 'Move question why' }).focus();
  await page.keyboard.press('Space');
  await expect(announced).toContainText('item why was moved over droppable area why.');
  await moveUpUntilOver(page, 'role');
  await page.keyboard.press('Space');
  await expect(page.getByText('A question must stay after the question it depends on.')).toBeVisible();
  expect(await questionIds(page)).toEqual(['name', 'role', 'why']);

  await page.reload();
  await page.getByLabel('Survey language').selectOption('es');
  await expect.poll(() => questionIds(page)).toEqual(['name', 'role', 'why']);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export to file' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^onboarding_es_\d{8}\.json$/);
  const exported = JSON.parse(readFileSync((await file.path()) as string, 'utf8'));
  expect(exported.surveys.map((question: { id: string }) => question.id)).toEqual(['name', 'role', 'why']);
  expect(exported.surveys[2].dependsOn).toEqual({ questionId: 'role', requiredAnswerIds: ['edu'] });

  await page.getByRole('button', { name: 'Reset all' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('No questions yet')).toBeVisible();

  await page.getByLabel('Import from file').setInputFiles({
    name: 'broken.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"surveys":[{"id":"x","type":"text"}]}'),
  });
  await expect(page.getByRole('alert')).toContainText('Invalid survey json format');
  await page.getByLabel('Import from file').setInputFiles((await file.path()) as string);
  await expect.poll(() => questionIds(page)).toEqual(['name', 'role', 'why']);

  await page.getByRole('button', { name: 'Export to release' }).click();
  const release = page.getByRole('dialog', { name: 'Export to release' });
  await release.getByLabel('Confirmation').fill('onboarding/ko');
  await release.getByRole('button', { name: 'Release' }).click();
  await expect(
    release.getByText('The confirmation does not match: type onboarding/es exactly.'),
  ).toBeVisible();
  await release.getByLabel('Confirmation').fill('onboarding/es');
  await release.getByRole('button', { name: 'Release' }).click();
  await expect(page.getByText('Saved successfully', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Reset all' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  await page.getByRole('button', { name: 'Import from release' }).click();
  await expect.poll(() => questionIds(page)).toEqual(['name', 'role', 'why']);
});
