import { expect, type Page, test } from '@playwright/test';
import { CONTENT_SECURITY_POLICY, serializePolicy } from '../shared/site/security-headers.ts';
import { signInToConsole } from './console-helpers.ts';
import { completeOrderForm, newAccount, startOrder } from './order-helpers.ts';

/**
 * The site and the console under production's Content-Security-Policy (the local runtime serves the
 * one CloudFront gets): a visitor's way from the landing page to a paid plan, and an operator's round
 * of the console, must not be refused anything. Chromium reports each refusal twice, as a
 * `securitypolicyviolation` event in the page and as a console error; either fails the test.
 */
interface Violation {
  page: string;
  directive: string;
  blocked: string;
}

async function watchViolations(page: Page): Promise<{ violations: Violation[]; errors: string[] }> {
  const violations: Violation[] = [];
  const errors: string[] = [];
  await page.exposeBinding('reportPolicyViolation', (_source, violation: Violation) => {
    violations.push(violation);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportPolicyViolation(v: unknown): void }).reportPolicyViolation({
        page: location.pathname,
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
      });
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
      errors.push(message.text());
  });
  // Every document the site serves carries production's policy, word for word.
  page.on('response', (response) => {
    if (
      response.request().resourceType() !== 'document' ||
      new URL(response.url()).pathname.startsWith('/_local/')
    )
      return;
    expect
      .soft(response.headers()['content-security-policy'], response.url())
      .toBe(serializePolicy(CONTENT_SECURITY_POLICY));
  });
  return { violations, errors };
}

test('a visitor goes from the landing page to a paid plan without a policy refusal', async ({
  page,
  request,
}) => {
  const watched = await watchViolations(page);
  const email = await newAccount(request);

  await page.goto('/en');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Pricing' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Plans and pricing');
  await expect(page.locator('th[data-plan]').first()).toContainText('US$');

  await startOrder(page, email, 'en', 'MR_STANDARD_V3');
  await completeOrderForm(page, 'Credit or debit card', '415 555 0142');
  await page.getByRole('button', { name: 'Pay US$17.99' }).click();
  await expect(page).toHaveURL(/\/_local\/payments\/checkout\?/);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/en\/payment\/result\/success\?guid=/, { timeout: 15_000 });
  await expect(page.getByText('Amount paid: US$17.99')).toBeVisible();
  await expect(page.getByText('Standard · Monthly subscription')).toBeVisible();

  expect(watched.violations).toEqual([]);
  expect(watched.errors).toEqual([]);
});

test('an operator goes round the console without a policy refusal', async ({ page }) => {
  const watched = await watchViolations(page);
  await signInToConsole(page);
  for (const path of [
    '/admin/users',
    '/admin/coupon',
    '/admin/schedule',
    '/admin/config',
    '/admin/formBuilder',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  expect(watched.violations).toEqual([]);
  expect(watched.errors).toEqual([]);
});
