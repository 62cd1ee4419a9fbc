import { expect, type Page } from '@playwright/test';
import { BILLING_PAGE } from '../shared/site/site-pages.ts';
import { type Lang, text } from './journey-helpers.ts';

/** The billing page opened signed out: the sign-in modal, then back on the page with the plan shown. */
export async function signInToBilling(page: Page, lang: Lang, email: string, password: string) {
  await page.goto(`/${lang}${BILLING_PAGE}`);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading')).toHaveText(text(lang, 'auth', 'sign_in.title'));
  await dialog.getByLabel(text(lang, 'auth', 'field.email')).fill(email);
  await dialog.getByLabel(text(lang, 'auth', 'field.password')).fill(password);
  await dialog.getByRole('button', { name: text(lang, 'auth', 'sign_in.submit'), exact: true }).click();
  // The password check is deliberately slow (a whole vCPU in AWS): wait for the page it leads back to.
  await expect(page).toHaveURL(new RegExp(`/${lang}${BILLING_PAGE}$`), { timeout: 20_000 });
}

/** The billing page in a language, signed in, once its plan and history have arrived. */
export async function openBilling(page: Page, lang: Lang) {
  await page.goto(`/${lang}${BILLING_PAGE}`);
  await expect(page.getByTestId('billing-state')).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
}
