import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { startIsolatedRuntime } from '../test/integration/isolated-runtime.ts';
import { signInToBilling } from './billing-helpers.ts';
import { buyFromPricing, type Lang, PLANS, providerPayments, text } from './journey-helpers.ts';
import { idTokenOf, PASSWORD } from './order-helpers.ts';

/**
 * The billing page (issue 17 parts 2 and 3), followed as a subscriber lives with it: bought on the
 * pricing page signed out, reached through the header's account menu, the renewal cancelled and
 * resumed there; a month later (the test clock) the renewal was charged and is listed with its
 * receipt; cancelled again, the plan ends at its expiry and nothing more is charged. In a runtime of
 * its own: the test clock moves.
 */
let runtime: Awaited<ReturnType<typeof startIsolatedRuntime>>;
test.beforeAll(async () => {
  test.setTimeout(90_000);
  runtime = await startIsolatedRuntime({ web: 'dist' });
});
test.afterAll(() => runtime?.stop());

const lang: Lang = 'en';
const t = (key: string, values?: Record<string, string>) => text(lang, 'billing', key, values);
/** A day as the billing page shows it: in Seoul time, in the page's language. */
const day = (ms: number) =>
  new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'Asia/Seoul' }).format(new Date(ms));

async function openContext(browser: Browser) {
  const context = await browser.newContext({ baseURL: runtime.url });
  return { page: await context.newPage(), request: context.request };
}

/** The plan as the server reports it to the billing page. */
async function billingPlan(request: APIRequestContext, email: string) {
  const answer = await request.get('/payment/user-billing', {
    headers: { authorization: `Bearer ${await idTokenOf(request, email)}` },
  });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { result: { plan: { expiredAt: number } | null } }).result.plan;
}

/** Signs out through the header's account menu. */
async function signOut(page: Page) {
  // The menu opens on hover (a press after the hover would close it again, as the other header menus do).
  await page.getByRole('button', { name: text(lang, 'site', 'header.account') }).hover();
  await page.getByRole('button', { name: text(lang, 'site', 'header.logout') }).click();
  await expect(page).toHaveURL(new RegExp(`/${lang}$`));
}

/** Cancels the renewal on the billing page, confirmed in its dialog: the plan then cancels on its expiry. */
async function cancelRenewal(page: Page, expiredAt: number) {
  await page.getByRole('button', { name: t('renewal.cancel') }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: t('renewal.confirm') })
    .click();
  await expect(page.getByTestId('billing-state')).toHaveText(
    t('plan.state.cancels', { date: day(expiredAt) }),
  );
  // The page shows the new state a moment before the dialog closes (CI trace): the action ends there.
  await expect(page.getByRole('dialog')).toBeHidden();
}

async function moveClockPast(request: APIRequestContext, ms: number) {
  const moved = await request.post('/_local/clock', { data: { to: new Date(ms).toISOString() } });
  expect(moved.ok(), await moved.text()).toBe(true);
}

test('a subscriber cancels at period end and resumes; the renewal is charged with its receipt; cancelled again, the plan ends with no charge', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const { page, request } = await openContext(browser);
  const { email } = await buyFromPricing(page, request, { ...PLANS.enStandard, phone: '010-4100-0717' });

  // From the success page, signed in: the header's account menu leads to the billing page.
  // The menu opens on hover (a press after the hover would close it again, as the other header menus do).
  await page.getByRole('button', { name: text(lang, 'site', 'header.account') }).hover();
  await page.getByRole('link', { name: text(lang, 'site', 'header.billing') }).click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/account/billing$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('title'));
  // Served as the app shell (200), not as a pre-rendered or not-found page, and never indexed.
  expect((await request.get(`/${lang}/account/billing`)).status()).toBe(200);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  const first = await billingPlan(request, email);
  if (!first) throw new Error('no plan');
  const state = page.getByTestId('billing-state');
  await expect(state).toHaveText(t('plan.state.active'));
  await expect(page.getByTestId('billing-next-charge')).toHaveText(
    t('plan.next_charge_value', { amount: PLANS.enStandard.shown, date: day(first.expiredAt) }),
  );

  // Cancel at period end, confirmed in a dialog; then resume.
  await cancelRenewal(page, first.expiredAt);
  await expect(page.getByTestId('billing-next-charge')).toHaveText(t('plan.no_next_charge'));
  await page.getByRole('button', { name: t('renewal.resume') }).click();
  await expect(state).toHaveText(t('plan.state.active'));
  const mails = (await (await request.get('/_local/outbox.json')).json()) as Array<{
    to: string[];
    subject: string;
  }>;
  expect(mails.filter((mail) => mail.to.includes(email)).map((mail) => mail.subject)).toEqual(
    expect.arrayContaining([
      '[Cutloom] Your subscription renews again',
      '[Cutloom] Your subscription will not renew',
    ]),
  );

  // A month later the renewal is charged; the history lists it first, with the provider's receipt.
  await signOut(page);
  await moveClockPast(request, first.expiredAt + 60_000);
  await expect.poll(async () => (await providerPayments(request, email)).length).toBe(2);
  const [, renewal] = await providerPayments(request, email);
  expect(renewal).toMatchObject({ status: 'paid', amount: PLANS.enStandard.amount, currency: 'USD' });
  await signInToBilling(page, lang, email, PASSWORD);
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(3);
  const renewalRow = rows.nth(1);
  await expect(renewalRow).toContainText(t('history.kind.renewal'));
  await expect(renewalRow).toContainText(PLANS.enStandard.shown);
  await expect(renewalRow).toContainText(t('history.payment_status.paid'));
  const receipt = renewalRow.getByRole('link', { name: new RegExp(t('history.receipt_link')) });
  await expect(receipt).toHaveAttribute(
    'href',
    new RegExp(`/_local/payments/receipt\\?imp_uid=${renewal?.imp_uid}$`),
  );
  // The provider's sales slip of the renewal opens (the sandbox PG serves it, as a PG does).
  const slip = await request.get((await receipt.getAttribute('href')) as string);
  expect(slip.ok()).toBe(true);
  expect(await slip.text()).toContain(renewal?.merchant_uid);
  const renewed = await billingPlan(request, email);
  if (!renewed) throw new Error('no plan');
  expect(renewed.expiredAt).toBeGreaterThan(first.expiredAt);
  await expect(state).toHaveText(t('plan.state.active'));

  // Cancelled again: at its expiry the plan ends, and no renewal is charged, not even on the retry days.
  await cancelRenewal(page, renewed.expiredAt);
  await signOut(page);
  await moveClockPast(request, renewed.expiredAt + 6 * 86_400_000);
  await signInToBilling(page, lang, email, PASSWORD);
  await expect(page.getByText(t('plan.none'))).toBeVisible();
  expect(await providerPayments(request, email)).toHaveLength(2);
  expect(await billingPlan(request, email)).toBeNull();
});
