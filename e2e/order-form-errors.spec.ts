import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  fillOrderForm,
  type Lang,
  payOnCheckout,
  providerPayments,
  startOnPricing,
  text,
} from './journey-helpers.ts';
import { idTokenOf, newAccount } from './order-helpers.ts';

/**
 * The order form's errors (issue 32, point 6; WCAG 2.2 3.3.1 and 3.3.3, GOV.UK's error summary): from the
 * pricing page signed out, a press of the pay button on the empty form shows every problem at once, each
 * at its field (aria-invalid, the message tied by aria-describedby) and in a summary at the top that takes
 * the focus and links to each, with no dialog; axe finds nothing, at 1400 and at 360 px; the problems go
 * as they are fixed, and the order is then paid and granted.
 */
const lang: Lang = 'ko';
/** Where the screenshots go, with the run's results (docs/screenshots keeps the last ones). */
const SCREENS = 'test-results/screens';
const say = (key: string) => text(lang, 'order', `pay_checks.${key}`);

async function noSidewaysScroll(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    )
    .toBeLessThanOrEqual(0);
}

async function axeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

test('the empty order form shows every problem at its field and in a summary that has the focus', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  const email = await newAccount(request, lang);
  await startOnPricing(page, { lang, email, planType: 'STANDARD' });
  await expect(page).toHaveURL(/\/ko\/payment\/order\/subscription\?guid=/, { timeout: 15_000 });
  await page.locator('#order-contact').waitFor();

  // Empty: the contact the account filled in is cleared too.
  const name = page.getByRole('textbox', { name: text(lang, 'order', 'contact.name') });
  const mail = page.getByRole('textbox', { name: text(lang, 'order', 'contact.email') });
  const phone = page.getByRole('textbox', { name: text(lang, 'order', 'contact.phone') });
  await name.fill('');
  await mail.fill('');
  const pay = page.getByRole('button', { name: text(lang, 'order', 'pay', { price: '₩19,900' }) });
  await pay.click();

  // No dialog: a summary at the top, with the focus, naming every problem in the page's order.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const summary = page.locator('#order-problems');
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('heading')).toHaveText(say('summary_title'));
  const fields: Array<[Locator, string]> = [
    [page.getByRole('radiogroup', { name: text(lang, 'order', 'account_type.title') }), 'check_account_type'],
    [name, 'check_username'],
    [mail, 'check_email'],
    [phone, 'check_contact'],
    [page.getByRole('radiogroup', { name: text(lang, 'order', 'pay_method.title') }), 'check_paymethod'],
    [page.locator('#order-agreement input[type=checkbox]').first(), 'check_agreement'],
    [page.locator('#order-agreement input[type=checkbox]').last(), 'check_agreement'],
    [page.locator('#order-final-confirmation input[type=checkbox]').first(), 'check_final_confirm'],
    [page.locator('#order-final-confirmation input[type=checkbox]').last(), 'check_final_confirm'],
  ];
  const links = summary.getByRole('link');
  await expect(links).toHaveText([...new Set(fields.map(([, key]) => say(key)))]);
  // Each field is marked and described by its own message, in the summary's words.
  for (const [field, key] of fields) {
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(say(key));
  }
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SCREENS}/order-form-errors-desktop.png`, fullPage: true });

  // A link of the summary takes the focus to its field.
  await links.filter({ hasText: say('check_contact') }).click();
  await expect(phone).toBeFocused();
  await links.filter({ hasText: say('check_paymethod') }).click();
  await expect(
    page.getByRole('radio', { name: text(lang, 'pay-methods', 'card'), exact: true }),
  ).toBeFocused();

  // At 360 px the same, nothing scrolling sideways.
  await page.setViewportSize({ width: 360, height: 740 });
  await pay.click();
  await expect(summary).toBeFocused();
  await expect(summary).toBeInViewport();
  await noSidewaysScroll(page);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SCREENS}/order-form-errors-360.png`, fullPage: true });
  await page.setViewportSize({ width: 1400, height: 900 });

  // Each problem goes as it is fixed; with none left the summary goes too, and the order is paid.
  await name.fill('김하늘');
  await mail.fill(email);
  await expect(name).not.toHaveAttribute('aria-invalid', 'true');
  await expect(links).not.toContainText([say('check_username')]);
  await fillOrderForm(page, lang, {
    method: 'card',
    phone: `010-${4200 + Math.floor(Math.random() * 5000)}-0606`,
  });
  await expect(summary).toHaveCount(0);
  await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);
  await pay.click();
  await payOnCheckout(page);
  await expect(page).toHaveURL(/\/ko\/payment\/result\/success\?guid=/, { timeout: 15_000 });
  const [payment] = await providerPayments(request, email);
  expect(payment).toMatchObject({ status: 'paid', amount: 19900, currency: 'KRW' });
  const billing = await request.get('/payment/user-billing', {
    headers: { authorization: `Bearer ${await idTokenOf(request, email)}` },
  });
  expect((await billing.json()).result.plan).toMatchObject({ planType: 'STANDARD', period: 'MONTHLY' });
});
