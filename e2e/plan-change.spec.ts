import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { SITE_LANGUAGES } from '../shared/languages.ts';
import { BILLING_PAGE } from '../shared/site/site-pages.ts';
import { startIsolatedRuntime } from '../test/integration/isolated-runtime.ts';
import { signInToBilling } from './billing-helpers.ts';
import { screens, seriousViolations, signInToConsole } from './console-helpers.ts';
import {
  buyFromPricing,
  type Lang,
  PLANS,
  type Purchase,
  planText,
  providerPayments,
  text,
} from './journey-helpers.ts';
import { idTokenOf, PASSWORD } from './order-helpers.ts';

/**
 * A change of plan at the next renewal (issue 33), as Korean subscribers live it on the test clock:
 * bought on the pricing page signed out, the change chosen and confirmed on the billing page, told by
 * mail, shown in the console, and applied by the renewal (what the provider charged, what the payment
 * history and the plan then say); a change to a longer period costs more, so the renewal's consent is
 * asked on the page and by mail. The billing page in all five languages and at 360 px, axe clean. In a
 * runtime of its own: the test clock moves.
 */
let runtime: Awaited<ReturnType<typeof startIsolatedRuntime>>;
test.beforeAll(async () => {
  test.setTimeout(90_000);
  runtime = await startIsolatedRuntime({ web: 'dist' });
});
test.afterAll(() => runtime?.stop());

const DAY_MS = 86_400_000;
const lang: Lang = 'ko';
const t = (key: string, values?: Record<string, string>) => text(lang, 'plan-change', key, values);
const day = (ms: number, language: Lang = lang) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'Asia/Seoul' }).format(new Date(ms));
const LIGHT_MONTHLY: Purchase = {
  lang: 'ko',
  planType: 'LIGHT',
  period: 'MONTHLY',
  planName: 'MR_LIGHT_V3',
  shown: '₩9,900',
  amount: 9900,
  currency: 'KRW',
};

async function openContext(browser: Browser) {
  const context = await browser.newContext({ baseURL: runtime.url });
  return { page: await context.newPage(), request: context.request };
}

/** Axe's serious and critical findings within one part of a page (the user detail's other sections are not this test's). */
async function violationsIn(page: Page, selector: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).include(selector).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

async function moveClockTo(request: APIRequestContext, ms: number) {
  const moved = await request.post('/_local/clock', { data: { to: new Date(ms).toISOString() } });
  expect(moved.ok(), await moved.text()).toBe(true);
}

async function renewsAt(request: APIRequestContext, email: string): Promise<number> {
  const answer = await request.get('/payment/user-billing', {
    headers: { authorization: `Bearer ${await idTokenOf(request, email)}` },
  });
  return ((await answer.json()) as { result: { plan: { expiredAt: number } } }).result.plan.expiredAt;
}

async function mailsTo(request: APIRequestContext, address: string) {
  const mails = (await (await request.get('/_local/outbox.json')).json()) as Array<{
    to: string[];
    subject: string;
    text: string;
  }>;
  return mails.filter((mail) => mail.to.includes(address));
}

/** The billing page's section of the change, once it has its choices. */
async function openSection(page: Page, language: Lang = lang) {
  await page.goto(`/${language}${BILLING_PAGE}`);
  const section = page.getByRole('region', { name: text(language, 'plan-change', 'title') });
  await expect(section).toBeVisible();
  return section;
}

/**
 * The billing page after the clock moved: the customer's site session may have run out meanwhile (as a
 * month away would end it), and then they sign in again.
 */
async function billingAfterTheClock(page: Page, email: string) {
  await page.goto(`/${lang}${BILLING_PAGE}`);
  const plan = page.getByRole('region', { name: text(lang, 'billing', 'plan.title') });
  const signIn = page.getByRole('dialog');
  await expect(plan.or(signIn)).toBeVisible();
  if (await signIn.isVisible()) await signInToBilling(page, lang, email, PASSWORD);
  await expect(plan).toBeVisible();
  return plan;
}

/** Picks a plan, reviews it in the dialog (what it says is checked by the caller) and confirms. */
async function schedule(
  page: Page,
  plan: string,
  check: (dialog: ReturnType<Page['getByRole']>) => Promise<void>,
) {
  const section = page.getByRole('region', { name: t('title') });
  await section.getByRole('radio', { name: new RegExp(`^${plan}`) }).check();
  await section.getByRole('button', { name: t('review') }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading')).toHaveText(t('confirm.title'));
  await check(dialog);
  await dialog.getByRole('button', { name: t('confirm.schedule') }).click();
  await expect(dialog).toBeHidden();
}

test('a Standard subscriber schedules monthly Light: on the page and in the mail, then the renewal charges and grants Light', async ({
  browser,
}) => {
  test.setTimeout(360_000);
  const { page, request } = await openContext(browser);
  const { email } = await buyFromPricing(page, request, { ...PLANS.koStandard, phone: '010-4100-0733' });
  const due = await renewsAt(request, email);
  const light = planText(lang, 'LIGHT', 'MONTHLY');

  const section = await openSection(page);
  await expect(section.locator('label', { hasText: light })).toContainText('₩9,900');
  await schedule(page, light, async (dialog) => {
    await expect(dialog).toContainText(planText(lang, 'STANDARD', 'MONTHLY'));
    await expect(dialog).toContainText(day(due));
    await expect(dialog).toContainText('₩9,900');
    await expect(dialog).toContainText(t('confirm.text'));
    await expect(dialog).not.toContainText(t('confirm.raises'));
  });
  const scheduled = section.getByTestId('plan-change-scheduled');
  await expect(scheduled).toContainText(light);
  await expect(scheduled).toContainText(day(due));
  await expect(scheduled).toContainText('₩9,900');
  await expect(page.getByTestId('billing-next-charge')).toContainText('₩9,900');
  expect(await seriousViolations(page)).toEqual([]);
  await screens(page, 'billing-plan-change');

  // Told by mail at once, in the account's language.
  const [confirmation] = (await mailsTo(request, email)).filter((mail) =>
    mail.subject.includes('다음 갱신 때 요금제 변경이 예약되었습니다'),
  );
  expect(confirmation?.text).toContain('스탠다드 · 월간 구독이');
  expect(confirmation?.text).toContain('라이트 · 월간(으)로 바뀌도록 예약되었습니다');
  expect(confirmation?.text).toContain('₩9,900');

  // The page in every language says the same, axe clean.
  for (const language of SITE_LANGUAGES) {
    const shown = await openSection(page, language as Lang);
    await expect(shown.getByTestId('plan-change-scheduled')).toContainText(
      planText(language as Lang, 'LIGHT', 'MONTHLY'),
    );
    expect(await seriousViolations(page), language).toEqual([]);
  }

  // The operator sees it on the account's detail.
  const console = await (await browser.newContext({ baseURL: runtime.url })).newPage();
  await signInToConsole(console, runtime.url);
  const signedIn = await request.post('/auth/v2/sign-in', {
    data: { email, password: PASSWORD, clientType: 'landing', language: 'en' },
  });
  const { user } = (await signedIn.json()) as { user: { uid: string } };
  await console.goto(`/admin/users/${user.uid}/show`);
  const region = console.getByRole('region', { name: 'Change of plan at the next renewal' });
  await expect(region.getByTestId('console-plan-change-scheduled')).toContainText(
    'Light · Monthly subscription',
  );
  await expect(region.getByTestId('console-plan-change-scheduled')).toContainText('₩9,900');
  expect(await violationsIn(console, '#section-plan-change')).toEqual([]);
  await screens(console, 'console-plan-change');

  // Seven days before, the reminder names the new plan and its amount; then the renewal.
  await moveClockTo(request, due - 7 * DAY_MS + 60_000);
  await expect
    .poll(
      async () =>
        (await mailsTo(request, email)).find((mail) => mail.subject.includes('구독 갱신 예정 안내'))?.text,
    )
    .toContain('라이트 · 월간 요금제로 바뀌며');
  await moveClockTo(request, due + 60_000);
  await expect
    .poll(async () => (await providerPayments(request, email)).map((payment) => payment.amount))
    .toEqual([19900, 9900]);

  const planSection = await billingAfterTheClock(page, email);
  const latest = page.getByRole('table').getByRole('row').nth(1);
  await expect(latest).toContainText(light);
  await expect(latest).toContainText('₩9,900');
  await expect(latest).toContainText(text(lang, 'billing', 'history.kind.renewal'));
  await expect(planSection).toContainText(light);
  await expect(
    page.getByRole('region', { name: t('title') }).getByTestId('plan-change-scheduled'),
  ).toHaveCount(0);
});

test('a Light subscriber on a phone schedules yearly Light: the higher amount asks for consent, and with it the renewal charges a year', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const phone = { width: 360, height: 740 };
  const { page, request } = await openContext(browser);
  const { email } = await buyFromPricing(page, request, { ...LIGHT_MONTHLY, phone: '010-4100-0734' });
  // The pricing page's comparison is a desk's; the billing page is used on the phone.
  await page.setViewportSize(phone);
  const due = await renewsAt(request, email);
  const yearly = planText(lang, 'LIGHT', 'ANNUAL');

  const section = await openSection(page);
  await expect(section.locator('label', { hasText: yearly })).toContainText(t('option.raises'));
  await schedule(page, yearly, async (dialog) => {
    await expect(dialog).toContainText('₩99,000');
    await expect(dialog).toContainText(t('confirm.raises'));
  });
  await expect(section.getByTestId('plan-change-scheduled')).toContainText(t('scheduled.raises'));

  // The renewal's consent (issue 26) is asked on the page and by mail: at once within the 30 days before
  // the renewal, else when they begin (a month of 31 days).
  const now = Date.parse(((await (await request.get('/_local/clock')).json()) as { now: string }).now);
  if (now < due - 30 * DAY_MS) {
    await moveClockTo(request, due - 30 * DAY_MS + 2 * 60_000);
    await page.reload();
  }
  const consent = page.getByRole('region', { name: text(lang, 'renewal-consent', 'title') });
  await expect(consent.getByTestId('renewal-consent-status')).toHaveText(
    text(lang, 'renewal-consent', 'status.asked'),
  );
  await expect(consent).toContainText(text(lang, 'renewal-consent', 'reason.plan-changes'));
  await expect(consent).toContainText('₩99,000');
  expect((await mailsTo(request, email)).map((mail) => mail.subject)).toContainEqual(
    expect.stringContaining('동의가 필요합니다'),
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
  expect(await seriousViolations(page)).toEqual([]);

  const values = { amount: '₩99,000', date: day(due) };
  await consent.getByRole('button', { name: text(lang, 'renewal-consent', 'consent', values) }).click();
  await expect(consent.getByTestId('renewal-consent-status')).toHaveText(
    text(lang, 'renewal-consent', 'status.consented', values),
  );

  await moveClockTo(request, due + 60_000);
  await expect
    .poll(async () => (await providerPayments(request, email)).map((payment) => payment.amount))
    .toEqual([9900, 99000]);
  await expect(await billingAfterTheClock(page, email)).toContainText(yearly);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
});
