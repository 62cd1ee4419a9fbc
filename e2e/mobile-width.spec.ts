import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { SITE_LANGUAGES, type SiteLanguage } from '../shared/languages.ts';
import { prerenderedPages } from '../shared/site/site-pages.ts';
import { openBilling, signInToBilling } from './billing-helpers.ts';
import { buyMonthly, idTokenOf, mailedLink, newAccount, PASSWORD } from './order-helpers.ts';
import { post, PASSWORD as SUBSCRIBER_PASSWORD, subscriber } from './subscriber-helpers.ts';

/**
 * No page of the site scrolls sideways on a 360 px phone: every pre-rendered page in every language
 * it exists in, and every page of the payment path (orders, upgrade, eraser, change of card, refund,
 * sign-up and the result pages) in every language, each once its content has arrived (prices,
 * sessions, the release feed). A failure names what sticks out.
 */
test.use({ viewport: { width: 360, height: 740 } });

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    const clipped = (element: Element) => {
      for (
        let parent = element.parentElement;
        parent && parent !== document.body;
        parent = parent.parentElement
      )
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
      return false;
    };
    return [...document.body.querySelectorAll('*')]
      .filter((element) => element.getBoundingClientRect().right > width + 0.5 && !clipped(element))
      .slice(0, 5)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} to ${Math.round(element.getBoundingClientRect().right)} px`,
      );
  });
  // Soft: one run lists every page that sticks out.
  expect.soft(overflow, `${page.url()} is wider than 360 px: ${overflow.join(', ')}`).toEqual([]);
}

// One test per language walks its pages in one tab, as a reader does: the shared scripts and styles come
// from the cache after the first page (a tab of its own per page loaded them again, about a second each).
test.describe('pre-rendered pages at 360 px', () => {
  for (const lang of SITE_LANGUAGES) {
    const paths = prerenderedPages()
      .filter(({ languages }) => languages.includes(lang))
      .map(({ path }) => path);
    test(`every pre-rendered page in ${lang}`, async ({ page }) => {
      test.setTimeout(paths.length * 10_000);
      for (const path of paths) {
        await page.goto(`/${lang}${path}`);
        // Running (the release feed answered), with the prices that arrive after the HTML.
        await expect(page.locator('.footer-download')).toHaveAttribute('title', /MB\)$/, { timeout: 15_000 });
        if (path === '/payment/pricepolicy')
          await expect(page.locator('.plan-card .plan-price strong').first()).toBeVisible();
        await expectNoSidewaysScroll(page);
      }
    });
  }
});

/** A long address, the kind that stretched the order page's account card. */
const LONG_EMAIL = () =>
  `journey.tester.with.a.rather.long.address.${Date.now()}@long-company-domain-example.com`;

async function verifiedAccount(request: APIRequestContext, email: string): Promise<string> {
  await post(request, '/auth/sign-up', {
    name: 'Maximiliana Fernández Castillo',
    email,
    password: PASSWORD,
    language: 'es',
    clientType: 'landing',
  });
  const token = (await mailedLink(request, email)).searchParams.get('token');
  await post(request, '/auth/verify-email', { token });
  const signedIn = await post<{ session: { idToken: string } }>(request, '/auth/v2/sign-in', {
    email,
    password: PASSWORD,
    clientType: 'landing',
    language: 'es',
  });
  return signedIn.session.idToken;
}

/** A guid of no session: the result pages read what the order page left in the tab for it. */
const RESULT_GUID = 'r'.repeat(32);

/** What an order page leaves for its result pages: the progress, and an outcome (seeded per page). */
function seedResult(page: Page, outcome: unknown) {
  return page.addInitScript(
    ([guid, seeded]) => {
      sessionStorage.setItem(
        `cutloom.payment-progress.${guid}`,
        JSON.stringify({
          merchantUid: 'ord_mobilewidth',
          price: 1_436_400,
          finalPrice: 1_436_400,
          amount: 1_436_400,
          planName: 'Y1_BUSINESS_V3',
          planPeriod: 'ONE_YEAR',
          planType: 'BUSINESS',
          selectedMethod: 'vbank',
          currency: 'KRW',
          isTest: false,
          isUpgrade: false,
          isSubscription: false,
        }),
      );
      sessionStorage.setItem(`cutloom.payment-outcome.${guid}`, JSON.stringify(seeded));
      sessionStorage.setItem(`cutloom.change-card-error.${guid}`, JSON.stringify(seeded));
    },
    [RESULT_GUID, outcome] as const,
  );
}

const PROVIDER_FAILURE = {
  kind: 'error',
  errorCode: 'L09',
  errMsg: '[CC01] 잔액부족 (카드사 응답코드 확인 요망: 결제 한도 또는 잔액을 확인하시기 바랍니다)',
  cardCode: 'CC01',
};
const VBANK_ISSUED = {
  kind: 'vbank_issued',
  planName: 'Y1_BUSINESS_V3',
  vbank: {
    vbankName: 'KB국민은행',
    vbankNum: '12345678901234567890',
    vbankHolder: 'Cutloom Corporation International',
    vbankDueDate: Date.parse('2026-12-31T23:59:59+09:00'),
    price: 1_436_400,
    currency: 'KRW',
    userName: 'Maximiliana Fernández Castillo',
    userPhone: '01012345678',
  },
};

/** The accounts whose sessions the payment pages open (ID tokens). */
interface Accounts {
  /** A verified new customer with a long address. */
  customer: string;
  /** A Standard subscriber in dollars. */
  owner: string;
  /** A Light subscriber in won (a dollar subscription's channel has no card to change). */
  wonSubscriber: string;
}

/** The sessions of every payment page in one language, opened as the app and the site open them. */
async function sessionsIn(request: APIRequestContext, language: SiteLanguage, accounts: Accounts) {
  const open = (path: string, data: Record<string, unknown>, token: string) =>
    post<{ guid: string }>(request, path, { language, ...data }, token).then((answer) => answer.guid);
  const app = { clientType: 'desktop' };
  return {
    subscription: await open(
      '/payment/create-init-payment',
      { clientType: 'landing', planName: 'MR_STANDARD_V3' },
      accounts.customer,
    ),
    fixedterm: await open(
      '/payment/create-init-payment',
      { clientType: 'landing', planName: 'Y1_STANDARD_V3' },
      accounts.customer,
    ),
    upgrade: await open('/payment/create-init-plan-upgrade', app, accounts.owner),
    eraser: await open('/payment/create-init-usage-eraser', app, accounts.owner),
    changeCard: await open(
      '/payment/create-init-payment',
      { ...app, isChangeCard: true },
      accounts.wonSubscriber,
    ),
    refund: (await post<{ guid: string }>(request, '/payment/create-user-refund', {}, accounts.owner)).guid,
  };
}

test.describe('payment pages at 360 px', () => {
  // One worker, one set of accounts for the five languages; each test opens its language's sessions.
  test.describe.configure({ mode: 'default' });
  let accounts: Accounts;

  test.beforeAll(async ({ browser }) => {
    // Three accounts and two purchases (password hashing, a browser checkout) on a shared machine.
    test.setTimeout(180_000);
    const context = await browser.newContext();
    const page = await context.newPage();
    const request = page.request;
    const customer = await verifiedAccount(request, LONG_EMAIL());
    const owner = await subscriber(page, request, '+14155550190');
    // Bought in a browser of its own: this one is signed in as the dollar subscriber.
    const wonEmail = await newAccount(request, 'ko');
    const wonContext = await browser.newContext();
    await buyMonthly(
      await wonContext.newPage(),
      wonEmail,
      { name: 'MR_LIGHT_V3', price: '₩9,900', phone: '010-4155-0172' },
      'ko',
    );
    await wonContext.close();
    accounts = { customer, owner: owner.token, wonSubscriber: await idTokenOf(request, wonEmail) };
    await context.close();
  });

  for (const lang of SITE_LANGUAGES) {
    test(`every payment page in ${lang}`, async ({ page }) => {
      test.slow();
      const visit = async (path: string, ready: (page: Page) => Promise<void>) => {
        await page.goto(`/${lang}${path}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await ready(page);
        await expectNoSidewaysScroll(page);
      };
      const shown = (selector: string) => (current: Page) =>
        expect(current.locator(selector).first()).toBeVisible();
      const sessions = await sessionsIn(page.request, lang, accounts);
      const { subscription, fixedterm } = sessions;

      await visit(`/payment/order/subscription?guid=${subscription}`, shown('#order-contact'));
      await visit(`/payment/order/fixedterm?guid=${fixedterm}`, shown('#order-contact'));
      await visit(
        `/payment/upgrade/pricepolicy?guid=${sessions.upgrade}`,
        shown('.plan-card .plan-price strong'),
      );
      await visit(
        `/payment/upgrade/order/subscription?guid=${sessions.upgrade}&plan=MR_BUSINESS_V3`,
        shown('[data-testid="order-total"]'),
      );
      await visit(`/payment/eraser/order?guid=${sessions.eraser}`, shown('.eraser-usage li'));
      await visit(`/payment/change-card?guid=${sessions.changeCard}`, shown('.order-pay'));
      await visit(`/payment/user-refund?guid=${sessions.refund}`, shown('[data-testid="refund-amount"]'));
      await visit('/payment/user-refund/success?kind=refunded', shown('[role="status"]'));
      await visit('/payment/user-refund/fail?code=L03', shown('[role="alert"]'));
      await visit('/payment/result/pending', shown('[role="alert"]'));
      await visit('/payment/eraser/result/pending', shown('[role="alert"]'));
      await visit('/payment/change-card/success', shown('.order-result p'));
      await visit('/signup', shown('form'));
      await visit('/signup/pending', shown('.auth-page p'));
      await visit('?open=signIn&purpose=payment', shown('dialog[open] form'));

      await seedResult(page, VBANK_ISSUED);
      await visit(`/payment/result/vbank?guid=${RESULT_GUID}`, shown('[data-testid="vbank-number"]'));
      await seedResult(page, PROVIDER_FAILURE);
      await visit(
        `/payment/result/fail?guid=${RESULT_GUID}`,
        shown('[data-testid="payment-failure-detail"]'),
      );
      await visit(
        `/payment/eraser/result/fail?guid=${RESULT_GUID}`,
        shown('[data-testid="payment-failure-detail"]'),
      );
      await visit(
        `/payment/change-card/fail?guid=${RESULT_GUID}`,
        shown('[data-testid="payment-failure-detail"]'),
      );
      await seedResult(page, {
        kind: 'success',
        planName: 'Y1_BUSINESS_V3',
        amount: 1_436_400,
        currency: 'KRW',
      });
      await visit(`/payment/eraser/result/success?guid=${RESULT_GUID}`, shown('[role="status"]'));
    });
  }
});

test('the billing page of a subscriber at 360 px, in every language', async ({ page, request }) => {
  test.slow();
  const owner = await subscriber(page, request, '+14155550191');
  await signInToBilling(page, 'en', owner.email, SUBSCRIBER_PASSWORD);
  for (const lang of SITE_LANGUAGES) {
    await openBilling(page, lang);
    await expectNoSidewaysScroll(page);
  }
});
