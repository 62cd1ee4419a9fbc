import { readFileSync } from 'node:fs';
import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import { type Currency, formatPrice } from '../shared/currency.ts';
import { operatorToken, signInToConsole } from './console-helpers.ts';
import { idTokenOf, newAccount, PASSWORD } from './order-helpers.ts';

/**
 * Helpers of the journey tests: a customer who starts on the site signed out and ends with a plan, as
 * the payment sandbox recorded the money and as an operator finds it in the console. The tests follow
 * the page's own texts in each language, read from the site's translations (the same files the page
 * shows), so one journey runs in every language.
 */
export type Lang = 'ko' | 'en' | 'ja' | 'es' | 'zh-TW';

const namespaces = new Map<string, Record<string, unknown>>();

/** A text of the site in a language (namespace and dotted key), with its {{values}} filled in. */
export function text(
  lang: Lang,
  namespace: string,
  key: string,
  values: Record<string, string> = {},
): string {
  const file = `${lang}/${namespace}`;
  if (!namespaces.has(file)) {
    const path = new URL(`../web/src/i18n/locales/${file}.json`, import.meta.url);
    namespaces.set(file, JSON.parse(readFileSync(path, 'utf8')));
  }
  const found = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], namespaces.get(file));
  if (typeof found !== 'string') throw new Error(`No text ${namespace}:${key} in ${lang}`);
  return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}

/** A plan as the order and result pages name it ("Standard · Monthly subscription"). */
export const planText = (lang: Lang, planType: string, period: string) =>
  `${text(lang, 'common', `plan_type.${planType}`)} · ${text(lang, 'common', `plan_period.${period}`)}`;

/**
 * On the pricing page, signed out: the tab, then the start button of a plan type (the comparison
 * table's), then the payment-start sign-in in the modal the button opened.
 */
/** How the plan names of each pricing tab begin (monthly, annual, one-year pass). */
const TAB_PLAN_PREFIX = { monthly: 'MR_', annual: 'YR_', fixedterm: 'Y1_' } as const;

export async function startOnPricing(
  page: Page,
  input: {
    lang: Lang;
    email: string;
    password?: string;
    planType: string;
    tab?: 'monthly' | 'annual' | 'fixedterm';
    path?: string;
  },
) {
  const { lang } = input;
  await page.goto(input.path ?? `/${lang}/payment/pricepolicy`);
  const tab = input.tab ?? 'monthly';
  if (tab !== 'monthly') {
    // The page is pre-rendered: a press before the page has hydrated changes no tab, so press until the
    // tab is the selected one.
    const tabButton = page.getByRole('tab', { name: text(lang, 'pricing', `tab.${tab}`) });
    await expect(async () => {
      await tabButton.click();
      await expect(tabButton).toHaveAttribute('aria-selected', 'true', { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
  }
  // The tab's plans are rendered as a deferred update: press the button once it is the tab's plan's.
  const start = `${text(lang, 'pricing', 'start.start')}: ${text(lang, 'common', `plan_type.${input.planType}`)}`;
  await page.locator(`th[data-plan^="${TAB_PLAN_PREFIX[tab]}"]`).getByRole('button', { name: start }).click();
  await signInInModal(page, lang, input.email, input.password);
}

/** The sign-in modal that a start button opened: e-mail, password, sign in. */
export async function signInInModal(page: Page, lang: Lang, email: string, password = PASSWORD) {
  const dialog = page.getByRole('dialog');
  // The dialog's code loads once the press is handled, which a busy machine delays by seconds.
  await expect(dialog.getByRole('heading')).toHaveText(text(lang, 'auth', 'sign_in.payment_title'), {
    timeout: 15_000,
  });
  await dialog.getByLabel(text(lang, 'auth', 'field.email')).fill(email);
  await dialog.getByLabel(text(lang, 'auth', 'field.password')).fill(password);
  await dialog.getByRole('button', { name: text(lang, 'auth', 'sign_in.submit'), exact: true }).click();
}

/**
 * Fills the order form as a customer does: the individual account type (confirming its warning), the
 * phone, the method, both agreements and every final confirmation shown.
 */
export async function fillOrderForm(
  page: Page,
  lang: Lang,
  input: { method: string; phone: string; cashReceipt?: { by: 'phone' | 'taxcard'; number: string } },
) {
  await page.locator('#order-contact').waitFor();
  const individual = page.getByRole('radio', {
    name: text(lang, 'order', 'account_type.individual'),
    exact: true,
  });
  if ((await individual.count()) && !(await individual.isChecked())) {
    await individual.click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: text(lang, 'order', 'common_actions.continue') })
      .click();
    await expect(individual).toBeChecked();
  }
  await page.getByRole('textbox', { name: text(lang, 'order', 'contact.phone') }).fill(input.phone);
  await page.getByRole('radio', { name: text(lang, 'pay-methods', input.method), exact: true }).check();
  if (input.method === 'vbank') await chooseCashReceipt(page, lang, input.cashReceipt);
  for (const box of await page.locator('#order-agreement input[type=checkbox]').all()) await box.check();
  for (const box of await page.locator('#order-final-confirmation input[type=checkbox]').all())
    await box.check();
}

/**
 * The cash receipt section of a virtual account order: income deduction to a number, or none (the order
 * page asks one or the other before paying).
 */
export async function chooseCashReceipt(
  page: Page,
  lang: Lang,
  receipt?: { by: 'phone' | 'taxcard'; number: string },
) {
  const section = page.locator('#order-cash-receipt');
  const purpose = receipt ? 'income_deduction' : 'none';
  await section
    .getByRole('radio', { name: text(lang, 'cash-receipt', `purpose.${purpose}`), exact: true })
    .check();
  if (!receipt) return;
  await section
    .getByRole('radio', { name: text(lang, 'cash-receipt', `deduction_by.${receipt.by}`), exact: true })
    .check();
  await section
    .getByRole('textbox', { name: text(lang, 'cash-receipt', `number.${receipt.by}`) })
    .fill(receipt.number);
}

/** The sandbox checkout, paid with a test card (the approved one unless another is named). */
export async function payOnCheckout(page: Page, card?: RegExp) {
  await expect(page).toHaveURL(/\/_local\/payments\/checkout\?/);
  if (card) await page.getByLabel(card).check();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
}

/** A payment as the provider's REST API answers it (the sandbox keeps exactly that). */
export interface ProviderPayment {
  imp_uid: string;
  merchant_uid: string;
  status: string;
  amount: number;
  currency: string;
  cancel_amount: number;
  buyer_email?: string;
  customer_uid?: string;
  pay_method?: string;
}

/** The payments the sandbox took from a buyer (by the e-mail the order gave the provider), oldest first. */
export async function providerPayments(
  request: APIRequestContext,
  email: string,
): Promise<ProviderPayment[]> {
  const state = (await (await request.get('/_local/payments.json')).json()) as {
    payments: ProviderPayment[];
  };
  return state.payments.filter((payment) => payment.buyer_email === email && payment.amount > 0);
}

/**
 * The operator's view: signs the seeded operator in to the console in a browser of its own and opens
 * the account's detail. Answers the detail page.
 */
export async function userInConsole(
  browser: Browser,
  request: APIRequestContext,
  email: string,
): Promise<Page> {
  const signIn = await request.post('/auth/v2/sign-in', {
    data: { email, password: PASSWORD, clientType: 'landing', language: 'en' },
  });
  const { user } = (await signIn.json()) as { user: { uid: string } };
  const page = await (await browser.newContext()).newPage();
  await signInToConsole(page);
  await page.goto(`/admin/users/${user.uid}/show`);
  await expect(page.getByRole('region', { name: 'Plans' })).toBeVisible();
  return page;
}

/** A session the app opens for its signed-in account before it opens a payment page: its guid. */
export async function sessionFromApp(
  request: APIRequestContext,
  email: string,
  path: string,
  data: Record<string, unknown> = {},
): Promise<string> {
  const opened = await request.post(path, {
    headers: { authorization: `Bearer ${await idTokenOf(request, email)}` },
    data: { clientType: 'desktop', language: 'en', ...data },
  });
  expect(opened.ok(), await opened.text()).toBe(true);
  return ((await opened.json()) as { guid: string }).guid;
}

/**
 * The console shows the plan the account holds, the plan granted and the payment taken: a plan row with
 * the name and status, a payment row with the name and the amount in its currency ("US$17.99").
 */
export async function expectInConsole(
  detail: Page,
  input: {
    /** The plan the account holds now, as the console's plan check names it (FREE without one). */
    validPlan: string;
    planName: string;
    planStatus: string;
    amount: number;
    currency: string;
    merchantUid: string;
  },
) {
  await expect(detail.getByTestId('valid-plan')).toHaveText(input.validPlan);
  const plan = detail
    .getByRole('region', { name: 'Plans' })
    .getByRole('row', { name: new RegExp(input.planName) });
  await expect(plan.first()).toContainText(input.planStatus);
  const payment = detail
    .getByRole('region', { name: 'Payments' })
    .getByRole('row', { name: new RegExp(input.merchantUid) });
  await expect(payment).toContainText(input.planName);
  await expect(payment).toContainText(formatPrice(input.amount, input.currency as Currency));
}

/** What a purchase journey bought: the plan and what the order page, the checkout and the provider said. */
export interface Purchase {
  lang: Lang;
  planType: string;
  period: string;
  planName: string;
  /** The amount as the site shows it in the page's currency ("₩19,900"). */
  shown: string;
  amount: number;
  currency: string;
}

/** The plans the journeys buy, at the price the page shows in its language's currency (the price book's). */
export const PLANS = {
  koStandard: {
    lang: 'ko',
    planType: 'STANDARD',
    period: 'MONTHLY',
    planName: 'MR_STANDARD_V3',
    shown: '₩19,900',
    amount: 19900,
    currency: 'KRW',
  },
  enLight: {
    lang: 'en',
    planType: 'LIGHT',
    period: 'MONTHLY',
    planName: 'MR_LIGHT_V3',
    shown: 'US$8.99',
    amount: 8.99,
    currency: 'USD',
  },
  enStandard: {
    lang: 'en',
    planType: 'STANDARD',
    period: 'MONTHLY',
    planName: 'MR_STANDARD_V3',
    shown: 'US$17.99',
    amount: 17.99,
    currency: 'USD',
  },
  jaLight: {
    lang: 'ja',
    planType: 'LIGHT',
    period: 'MONTHLY',
    planName: 'MR_LIGHT_V3',
    shown: '¥1,100',
    amount: 1100,
    currency: 'JPY',
  },
  jaStandard: {
    lang: 'ja',
    planType: 'STANDARD',
    period: 'MONTHLY',
    planName: 'MR_STANDARD_V3',
    shown: '¥2,200',
    amount: 2200,
    currency: 'JPY',
  },
} as const satisfies Record<string, Purchase>;

/**
 * A new customer buys a plan by card from the pricing page, signed out: start button, sign-in, the
 * order page of exactly that plan at its price, the sandbox checkout, the success page. Answers the
 * account's address and the provider's record of the payment, which must be the plan's price in the
 * page's currency.
 */
export async function buyFromPricing(
  page: Page,
  request: APIRequestContext,
  purchase: Purchase & { phone: string; tab?: 'monthly' | 'annual' | 'fixedterm' },
): Promise<{ email: string; payment: ProviderPayment }> {
  const { lang } = purchase;
  const email = await newAccount(request, lang);
  await startOnPricing(page, { lang, email, planType: purchase.planType, tab: purchase.tab });
  const kind = purchase.period === 'MONTHLY' || purchase.period === 'ANNUAL' ? 'subscription' : 'fixedterm';
  await expect(page).toHaveURL(new RegExp(`/${lang}/payment/order/${kind}\\?guid=`), { timeout: 15_000 });
  await expect(page.getByText(planText(lang, purchase.planType, purchase.period)).first()).toBeVisible();
  await expect(page.getByTestId('order-total')).toHaveText(purchase.shown);
  await fillOrderForm(page, lang, { method: 'card', phone: purchase.phone });
  await page.getByRole('button', { name: text(lang, 'order', 'pay', { price: purchase.shown }) }).click();
  await payOnCheckout(page);
  await expect(page).toHaveURL(new RegExp(`/${lang}/payment/result/success\\?guid=`), { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    text(lang, 'payment-result', 'success.title'),
  );
  await expect(page.getByText(planText(lang, purchase.planType, purchase.period))).toBeVisible();
  await expect(
    page.getByText(text(lang, 'payment-result', 'success.paid', { price: purchase.shown })),
  ).toBeVisible();
  const [payment, ...more] = await providerPayments(request, email);
  expect(more).toEqual([]);
  expect(payment).toMatchObject({ status: 'paid', amount: purchase.amount, currency: purchase.currency });
  return { email, payment: payment as ProviderPayment };
}

/** An account holding a one-year Light pass, granted by an operator's direct deposit (paid at the bank). */
export async function passHolder(request: APIRequestContext): Promise<string> {
  const email = await newAccount(request, 'en');
  const signIn = async (address: string, password: string, clientType: string) =>
    (await (
      await request.post('/auth/v2/sign-in', {
        data: { email: address, password, clientType, language: 'en' },
      })
    ).json()) as { user: { uid: string }; session: { idToken: string } };
  const { user } = await signIn(email, PASSWORD, 'landing');
  const operator = await operatorToken(request);
  const granted = await request.post('/auth/admin-direct-deposit-create', {
    headers: { authorization: `Bearer ${operator}` },
    data: {
      uid: user.uid,
      userName: 'Sky Kim',
      userEmail: email,
      userPhone: '01041000009',
      planName: 'Y1_LIGHT_V3',
      currency: 'KRW',
      price: 118800,
      paymentType: 'plan',
      desc: 'paid at the bank',
    },
  });
  expect(granted.ok(), await granted.text()).toBe(true);
  return email;
}
