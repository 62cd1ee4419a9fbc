import type { Frame, Locator, Page, Response } from '@playwright/test';
import { formatPrice } from '../../shared/currency.ts';
import { testModePrice } from '../../shared/payments/price-bounds.ts';
import { PROVIDER_CHECKOUT_ORIGIN, PROVIDER_SDK_URL } from '../../shared/payments/provider-browser.ts';
import { BUILT_IN_PLAN_PRICES } from '../../shared/plans/price-book.ts';
import { BILLING_PAGE } from '../../shared/site/site-pages.ts';
import { siteText } from './site-texts.ts';

/**
 * The purchase canary's walk (issue 39): a customer's purchase in Korean, from the pricing page signed out
 * to a paid plan, then its refund, in the browser, as CloudWatch Synthetics runs it every ten minutes in
 * every stage (events/canary/synthetics-handler.ts) and `npm run canary` runs it against any site
 * (scripts/canary/run-canary.ts). Each step is named, so that a failure says where the purchase broke.
 * The walk finds things by what the page shows (roles, labels and texts of the site's translations),
 * never by its structure, and checks what a customer would be charged against the price book it was
 * built with.
 *
 * The canary's account is a test account (functions/core/canary): its order is in test mode (`test=1`,
 * the test-mode price, left out of the finance and revenue figures). The checkout is whichever the site
 * opens: the payment sandbox's on one machine, where the walk pays with the sandbox's approved test card,
 * sees the paid page and refunds the payment; the provider's window anywhere else, where the walk checks
 * that the provider's script ran under the page's policy and opened its checkout for the order, and stops:
 * the provider's test channels authenticate a real card in the card company's own window, which no
 * program may pass (docs/operations.md, "The purchase canary").
 */
export const CANARY_STEPS = {
  pricing: '1 Korean pricing page',
  signIn: '2 sign-in',
  order: '3 order page',
  checkout: "4 provider's checkout",
  paid: '5 paid page',
  refund: '6 refund',
} as const;
export type CanaryStep = (typeof CANARY_STEPS)[keyof typeof CANARY_STEPS];

/** Runs one named step: Synthetics' executeStep in AWS, the local runner's own on one machine. */
export type StepRunner = <T>(name: CanaryStep, action: () => Promise<T>) => Promise<T>;

export interface PurchaseWalk {
  page: Page;
  /** The site's origin, e.g. https://www.cutloom.example or http://localhost:3000. */
  base: string;
  email: string;
  password: string;
  step: StepRunner;
  /** A phone number the order form takes (the canary's own). */
  phone?: string;
}

export interface PurchaseOutcome {
  /** How far it went: the sandbox's checkout is paid and refunded; the provider's is opened. */
  checkout: 'sandbox' | 'provider';
  /** What the test-mode checkout charged, as the page showed it ("₩2,025"). */
  charged: string;
  /** The checkout's merchant_uid (a subscription's key checkout names its order with a prefix). */
  checkoutUid?: string;
  refunded?: string;
}

/** What the canary buys: Standard, monthly, in won, at the price book's price. */
const PLAN_NAME = 'MR_STANDARD_V3';
const TIMEOUT_MS = 20_000;
const lang = 'ko';

const t = (namespace: string, key: string, values: Record<string, string> = {}) =>
  siteText(namespace, key, values);

/** A failure that says what the customer would see instead of what they should. */
class CanaryCheckFailed extends Error {
  override name = 'CanaryCheckFailed';
}

/** Waits until the locator shows the text (or one containing it); fails saying what it showed instead. */
async function expectText(locator: Locator, expected: string, what: string, exact = false): Promise<void> {
  const deadline = Date.now() + TIMEOUT_MS;
  let shown = '';
  for (;;) {
    shown =
      (
        await locator
          .first()
          .textContent({ timeout: TIMEOUT_MS })
          .catch(() => null)
      )?.trim() ?? '';
    if (exact ? shown === expected : shown.includes(expected)) return;
    if (Date.now() > deadline)
      throw new CanaryCheckFailed(`${what}: expected "${expected}", the page shows "${shown}"`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function expectUrl(page: Page, pattern: RegExp, what: string): Promise<void> {
  await page.waitForURL(pattern, { timeout: TIMEOUT_MS }).catch(() => {
    throw new CanaryCheckFailed(
      `${what}: expected an address like ${pattern}, the browser is at ${page.url()}`,
    );
  });
}

/** A Content-Security-Policy header's directives: name -> sources. */
function policyOf(header: string): Map<string, string[]> {
  return new Map(
    header
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [(name as string).toLowerCase(), sources]),
  );
}

/** Whether a directive (or default-src in its place) admits an origin. */
function admits(policy: Map<string, string[]>, directive: string, origin: string): boolean {
  const sources = policy.get(directive) ?? policy.get('default-src');
  if (!sources) return true;
  return sources.some((source) => source === '*' || source === origin || source === 'https:');
}

/**
 * What the page's own policy must let the provider do for a checkout (shared/site/security-headers.ts):
 * run its script, open its checkout in a frame, post a phone's page to it. Answers what it does not.
 */
export function checkoutRefusedBy(header: string | undefined): string[] {
  if (!header) return [];
  const policy = policyOf(header);
  const sdk = new URL(PROVIDER_SDK_URL).origin;
  return [
    ...(admits(policy, 'script-src', sdk) ? [] : [`script-src does not admit ${sdk}`]),
    ...(admits(policy, 'frame-src', PROVIDER_CHECKOUT_ORIGIN)
      ? []
      : [`frame-src does not admit ${PROVIDER_CHECKOUT_ORIGIN}`]),
    ...(admits(policy, 'form-action', PROVIDER_CHECKOUT_ORIGIN)
      ? []
      : [`form-action does not admit ${PROVIDER_CHECKOUT_ORIGIN}`]),
  ];
}

/**
 * The walk. It watches the page all along: the document's policy (the pages the customer loads), and
 * what the browser refused under it (Chromium reports each refusal on the console), so that the step in
 * which the provider's script or checkout was blocked fails saying so.
 */
export async function walkPurchase(walk: PurchaseWalk): Promise<PurchaseOutcome> {
  const { page, step } = walk;
  const base = walk.base.replace(/\/$/, '');
  const book = BUILT_IN_PLAN_PRICES.find((plan) => plan.name === PLAN_NAME);
  if (!book) throw new Error(`The price book has no ${PLAN_NAME}`);
  const listed = formatPrice(book.priceKo, 'KRW');
  const charged = formatPrice(testModePrice(book.priceKo, 'KRW'), 'KRW');
  const planText = `${t('common', 'plan_type.STANDARD')} · ${t('common', 'plan_period.MONTHLY')}`;

  let documentPolicy: string | undefined;
  const refusals: string[] = [];
  page.on('response', (response: Response) => {
    if (response.request().isNavigationRequest() && response.frame() === page.mainFrame())
      documentPolicy = response.headers()['content-security-policy'];
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
      refusals.push(message.text());
  });
  const noRefusals = (what: string) => {
    const refused = refusals.splice(0);
    if (refused.length)
      throw new CanaryCheckFailed(`${what}: the page's policy blocked ${refused.join(' | ')}`);
  };

  await step(CANARY_STEPS.pricing, async () => {
    const response = await page.goto(`${base}/${lang}/payment/pricepolicy?test=1`, { timeout: TIMEOUT_MS });
    if (!response?.ok()) throw new CanaryCheckFailed(`The pricing page answered ${response?.status()}`);
    const column = page.locator(`th[data-plan="${PLAN_NAME}"]`);
    await expectText(column, listed, `The monthly ${planText} price`);
    noRefusals('The pricing page');
  });

  await step(CANARY_STEPS.signIn, async () => {
    const start = `${t('pricing', 'start.start')}: ${t('common', 'plan_type.STANDARD')}`;
    // The page is pre-rendered: a press before it has hydrated opens nothing, so press until the modal opens.
    const dialog = page.getByRole('dialog');
    const deadline = Date.now() + TIMEOUT_MS;
    while (!(await dialog.isVisible())) {
      if (Date.now() > deadline) throw new CanaryCheckFailed('The start button opened no sign-in');
      await page.locator(`th[data-plan="${PLAN_NAME}"]`).getByRole('button', { name: start }).click();
      await dialog.waitFor({ state: 'visible', timeout: 2_000 }).catch(() => undefined);
    }
    await expectText(dialog.getByRole('heading'), t('auth', 'sign_in.payment_title'), 'The sign-in');
    await dialog.getByLabel(t('auth', 'field.email')).fill(walk.email);
    await dialog.getByLabel(t('auth', 'field.password')).fill(walk.password);
    await dialog.getByRole('button', { name: t('auth', 'sign_in.submit'), exact: true }).click();
    await expectUrl(page, /\/ko\/payment\/order\/subscription\?.*guid=/, 'After signing in');
  });

  await step(CANARY_STEPS.order, async () => {
    await expectText(
      page.getByText(t('order', 'test_mode_banner')),
      t('order', 'test_mode_banner'),
      'Test mode',
    );
    await expectText(page.getByText(planText), planText, 'The plan ordered');
    await expectText(page.getByTestId('order-total'), listed, 'The order total', true);
    const testCharge = t('order', 'price.test_mode', { price: charged });
    await expectText(page.getByText(testCharge), testCharge, 'What the test-mode checkout charges');
    const individual = page.getByRole('radio', { name: t('order', 'account_type.individual'), exact: true });
    if ((await individual.count()) && !(await individual.isChecked())) {
      await individual.click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: t('order', 'common_actions.continue') })
        .click();
    }
    await page
      .getByRole('textbox', { name: t('order', 'contact.phone') })
      .fill(walk.phone ?? '010-4100-0039');
    await page.getByRole('radio', { name: t('pay-methods', 'card'), exact: true }).check();
    for (const box of await page.locator('#order-agreement input[type=checkbox]').all()) await box.check();
    for (const box of await page.locator('#order-final-confirmation input[type=checkbox]').all())
      await box.check();
    noRefusals('The order page');
  });

  let checkoutUid: string | undefined;
  const checkout = await step(CANARY_STEPS.checkout, async (): Promise<PurchaseOutcome['checkout']> => {
    const refused = checkoutRefusedBy(documentPolicy);
    if (refused.length)
      throw new CanaryCheckFailed(
        `The page's Content-Security-Policy blocks the provider: ${refused.join('; ')}`,
      );
    await page.getByRole('button', { name: t('order', 'pay', { price: listed }) }).click();
    const opened = await Promise.race([
      page
        .waitForURL(/\/_local\/payments\/checkout\?/, { timeout: TIMEOUT_MS })
        .then(() => 'sandbox' as const),
      providerFrame(page).then(() => 'provider' as const),
    ]).catch(() => undefined);
    noRefusals("The provider's checkout");
    if (!opened)
      throw new CanaryCheckFailed(`The pay button opened no checkout (the browser is at ${page.url()})`);
    if (opened === 'provider') return opened;
    const query = new URL(page.url()).searchParams;
    checkoutUid = query.get('merchant_uid') ?? undefined;
    if (query.get('amount') !== String(testModePrice(book.priceKo, 'KRW')))
      throw new CanaryCheckFailed(`The checkout asks for ${query.get('amount')}, the order is ${charged}`);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    return opened;
  });
  if (checkout === 'provider') return { checkout, charged };

  await step(CANARY_STEPS.paid, async () => {
    await expectUrl(page, /\/ko\/payment\/result\/success\?/, 'After paying');
    await expectText(
      page.getByRole('heading', { level: 1 }),
      t('payment-result', 'success.title'),
      'The paid page',
    );
    await expectText(page.getByText(planText), planText, 'The plan granted');
    const paid = t('payment-result', 'success.paid', { price: charged });
    await expectText(page.getByText(paid), paid, 'The amount paid');
    noRefusals('The paid page');
  });

  const refunded = await step(CANARY_STEPS.refund, async () => {
    await page.goto(`${base}/${lang}${BILLING_PAGE}`, { timeout: TIMEOUT_MS });
    await page.getByRole('button', { name: t('billing', 'actions.refund'), exact: true }).click();
    await expectUrl(page, /\/ko\/payment\/user-refund\?guid=/, 'The refund');
    await expectText(page.getByTestId('refund-amount'), charged, 'The refund estimate', true);
    await page
      .getByLabel(t('refund', 'reason.label'))
      .fill('Cutloom purchase canary: refund of its test payment');
    for (const box of await page.locator('#refund-agreements input[type=checkbox]').all()) await box.check();
    await page.getByRole('button', { name: t('refund', 'submit'), exact: true }).click();
    await expectUrl(
      page,
      /\/ko\/payment\/user-refund\/success\?kind=refunded/,
      'After asking for the refund',
    );
    const amount = t('refund', 'success.amount', { amount: charged });
    await expectText(page.getByTestId('refund-result-amount'), amount, 'The amount refunded', true);
    noRefusals('The refund');
    return charged;
  });
  return { checkout, charged, refunded, ...(checkoutUid ? { checkoutUid } : {}) };
}

/** The provider's checkout frame, once its script has opened it. */
async function providerFrame(page: Page): Promise<Frame> {
  const deadline = Date.now() + TIMEOUT_MS;
  for (;;) {
    const frame = page.frames().find((candidate) => candidate.url().startsWith(PROVIDER_CHECKOUT_ORIGIN));
    if (frame) return frame;
    if (Date.now() > deadline) throw new CanaryCheckFailed("The provider's checkout did not open");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
