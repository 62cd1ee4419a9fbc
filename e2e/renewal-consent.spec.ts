import { type APIRequestContext, type Browser, expect, test } from '@playwright/test';
import { formatPrice } from '../shared/currency.ts';
import { startIsolatedRuntime } from '../test/integration/isolated-runtime.ts';
import { signInToBilling } from './billing-helpers.ts';
import { signInToConsole } from './console-helpers.ts';
import { type Lang, planText, providerPayments, text } from './journey-helpers.ts';
import { PASSWORD, subscriber } from './subscriber-helpers.ts';

/**
 * Consent before a renewal costs more (issue 26 point 3), as two subscribers of a first period at half
 * price live it on the test clock: one is asked by mail, agrees from the mail's link without signing in,
 * and the renewal charges the full price (the console shows the consent); the other declines on the
 * billing page, on a phone, and the subscription ends at its period's end uncharged, with a mail. In a
 * runtime of its own: the test clock moves.
 */
let runtime: Awaited<ReturnType<typeof startIsolatedRuntime>>;
test.beforeAll(async () => {
  test.setTimeout(90_000);
  runtime = await startIsolatedRuntime({ web: 'dist' });
});
test.afterAll(() => runtime?.stop());

const DAY_MS = 86_400_000;
const FULL = { amount: 17.99 };
const day = (ms: number, lang: Lang) =>
  new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'Asia/Seoul' }).format(new Date(ms));

async function openContext(browser: Browser, viewport?: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL: runtime.url, ...(viewport ? { viewport } : {}) });
  return { page: await context.newPage(), request: context.request };
}

async function moveClockTo(request: APIRequestContext, ms: number) {
  const moved = await request.post('/_local/clock', { data: { to: new Date(ms).toISOString() } });
  expect(moved.ok(), await moved.text()).toBe(true);
}

/** A subscriber of a first month at half price, once the look 30 days before the renewal has asked. */
async function askedSubscriber(
  browser: Browser,
  phone: string,
  viewport?: { width: number; height: number },
) {
  const { page, request } = await openContext(browser, viewport);
  const owner = await subscriber(page, request, phone, { discountPercent: 50, base: runtime.url });
  const billing = await request.get('/payment/user-billing', {
    headers: { authorization: `Bearer ${owner.token}` },
  });
  const renewsAt = (await billing.json()).result.plan.expiredAt as number;
  const now = Date.parse((await (await request.get('/_local/clock')).json()).now);
  await moveClockTo(request, Math.max(renewsAt - 30 * DAY_MS, now) + 2 * 60_000);
  const [first] = await providerPayments(request, owner.email);
  expect(first?.amount).toBeLessThan(FULL.amount);
  return { page, request, owner, renewsAt, firstCharge: first?.amount ?? 0 };
}

async function mailsTo(request: APIRequestContext, address: string) {
  const mails = (await (await request.get('/_local/outbox.json')).json()) as Array<{
    to: string[];
    subject: string;
    links: string[];
  }>;
  return mails.filter((mail) => mail.to.includes(address));
}

test('agreed from the consent mail’s link, the renewal charges the full price, and the console shows the consent', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const lang: Lang = 'en';
  const t = (key: string, values?: Record<string, string>) => text(lang, 'renewal-consent', key, values);
  const { page, request, owner, renewsAt, firstCharge } = await askedSubscriber(browser, '+14155550301');
  const mail = (await mailsTo(request, owner.email)).find((one) =>
    one.subject.includes('we need your consent'),
  );
  const agreeLink = mail?.links[0];
  expect(agreeLink).toMatch(/\/en\/account\/renewal-consent\?token=.+&choice=consent$/);

  // The mail's link, signed out: what rises, when and why, and one press to agree.
  await page.goto(agreeLink as string);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('title'));
  const values = {
    date: day(renewsAt, lang),
    plan: planText(lang, 'STANDARD', 'MONTHLY'),
    amount: formatPrice(FULL.amount, 'USD'),
    from: formatPrice(firstCharge, 'USD'),
  };
  await expect(page.getByTestId('renewal-consent-rise')).toHaveText(t('rise', values));
  await expect(page.getByText(t('reason.discount-ends'))).toBeVisible();
  await page.getByRole('button', { name: t('consent', values) }).click();
  await expect(page.getByTestId('renewal-consent-status')).toHaveText(t('status.consented', values));
  // Withdrawing stays one press away until the renewal.
  await expect(page.getByRole('button', { name: t('withdraw') })).toBeVisible();

  await moveClockTo(request, renewsAt + 60_000);
  await expect
    .poll(async () => (await providerPayments(request, owner.email)).map((payment) => payment.amount))
    .toEqual([firstCharge, FULL.amount]);

  const console = await (await browser.newContext({ baseURL: runtime.url })).newPage();
  await signInToConsole(console, runtime.url);
  await console.goto(`/admin/users/${owner.uid}/show`);
  const consents = console.getByRole('region', { name: 'Renewal consents' });
  await expect(consents.getByRole('row').nth(1)).toContainText('Consented');
  await expect(consents.getByRole('row').nth(1)).toContainText('(mail link)');
});

test('declined on the billing page on a phone, the subscription ends at its period’s end, uncharged, with a mail', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const lang: Lang = 'es';
  const t = (key: string, values?: Record<string, string>) => text(lang, 'renewal-consent', key, values);
  const phone = { width: 360, height: 740 };
  const { page, request, owner, renewsAt } = await askedSubscriber(browser, '+14155550302', phone);
  await signInToBilling(page, lang, owner.email, PASSWORD);
  const section = page.getByRole('region', { name: t('title') });
  await expect(section.getByTestId('renewal-consent-status')).toHaveText(t('status.asked'));
  await expect(section).toContainText(formatPrice(FULL.amount, 'USD'));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
  await section.getByRole('button', { name: t('decline') }).click();
  await expect(section.getByTestId('renewal-consent-status')).toHaveText(
    t('status.declined', { date: day(renewsAt, lang) }),
  );

  await moveClockTo(request, renewsAt + 60_000);
  await expect
    .poll(async () => (await mailsTo(request, owner.email)).map((mail) => mail.subject))
    .toContain('[Cutloom] Your subscription has ended');
  expect(await providerPayments(request, owner.email)).toHaveLength(1);
  await page.reload();
  await expect(page.getByText(text(lang, 'billing', 'plan.none'))).toBeVisible();
});
