import { type APIRequestContext, expect, type Page } from '@playwright/test';

/** Helpers of the browser tests that buy plans: a verified account, the payment-start sign-in, the order form. */
export const PASSWORD = 'order-pass1';

/** The newest link mailed to an address (a verification link), once the local outbox has it. */
export async function mailedLink(request: APIRequestContext, address: string): Promise<URL> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await request.get('/_local/outbox.json')).json()) as Array<{
        to: string[];
        links: string[];
      }>;
      link = mails.find((mail) => mail.to.includes(address))?.links[0];
      return link;
    })
    .toBeTruthy();
  return new URL(link as string);
}

export async function newAccount(request: APIRequestContext, language = 'en'): Promise<string> {
  const email = `buyer-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const signUp = await request.post('/auth/sign-up', {
    data: { name: 'Sky Kim', email, password: PASSWORD, language, clientType: 'landing' },
  });
  expect(signUp.ok()).toBe(true);
  const token = (await mailedLink(request, email)).searchParams.get('token');
  expect((await request.post('/auth/verify-email', { data: { token } })).ok()).toBe(true);
  return email;
}

/** The payment-start sign-in: the modal on a site page, with the plan chosen on the pricing page. */
export async function startOrder(page: Page, email: string, lang: 'en' | 'ko', planName: string) {
  const labels =
    lang === 'ko'
      ? { email: '이메일', password: '비밀번호', submit: '로그인' }
      : { email: 'E-mail', password: 'Password', submit: 'Sign in' };
  await page.goto(`/${lang}?open=signIn&purpose=payment&plan=${planName}`);
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(labels.email).fill(email);
  await dialog.getByLabel(labels.password).fill(PASSWORD);
  await dialog.getByRole('button', { name: labels.submit, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/payment/order/(subscription|fixedterm)\\?guid=`), {
    timeout: 15_000,
  });
}

/** Chooses the individual account type (confirming its warning), when the page asks for one. */
export async function chooseIndividual(page: Page) {
  // The session is loaded once the contact section is there; only then is the account type's absence real.
  await page.locator('#order-contact').waitFor();
  const individual = page.getByRole('radio', { name: /^(Individual|개인)$/ });
  if (!(await individual.count())) return;
  await individual.click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^(Continue|계속)$/ })
    .click();
  await expect(individual).toBeChecked();
}

/** Fills the account type, contact phone, the method, both agreements and every final confirmation shown. */
export async function completeOrderForm(page: Page, method: string, phone: string) {
  await chooseIndividual(page);
  await page.getByRole('textbox', { name: /Phone number|휴대폰 번호/ }).fill(phone);
  await page.getByRole('radio', { name: method, exact: true }).check();
  // A virtual account asks for a cash receipt: none, unless the test is about it.
  const noReceipt = page
    .locator('#order-cash-receipt')
    .getByRole('radio', { name: /^(발급 안 함|Do not issue)$/ });
  if (await noReceipt.count()) await noReceipt.check();
  for (const box of await page.locator('#order-agreement input[type=checkbox]').all()) await box.check();
  for (const box of await page.locator('#order-final-confirmation input[type=checkbox]').all())
    await box.check();
}

/**
 * A monthly subscription bought with the sandbox's approved card (a billing key), in English (dollars)
 * unless Korean (won) is asked for. Each test gives its own phone number: a number another account paid
 * with asks for a confirmation first.
 */
export async function buyMonthly(
  page: Page,
  email: string,
  plan: { name: string; price: string; phone: string },
  lang: 'en' | 'ko' = 'en',
) {
  await startOrder(page, email, lang, plan.name);
  await completeOrderForm(page, lang === 'ko' ? '신용·체크카드' : 'Credit or debit card', plan.phone);
  await page
    .getByRole('button', { name: lang === 'ko' ? `${plan.price} 결제하기` : `Pay ${plan.price}` })
    .click();
  await expect(page).toHaveURL(/\/_local\/payments\/checkout\?/);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/payment/result/success\\?guid=`), { timeout: 15_000 });
}

/** A signed-in account's ID token, as the app holds it when it opens a payment page. */
export async function idTokenOf(request: APIRequestContext, email: string): Promise<string> {
  const signIn = await request.post('/auth/v2/sign-in', {
    data: { email, password: PASSWORD, clientType: 'desktop', language: 'en', persistSession: false },
  });
  return (await signIn.json()).session.idToken;
}
