import { expect } from 'vitest';
import {
  createBillingKeyPayment,
  createInitPayment,
  insertPaymentProgress,
} from '../../../shared/api/orders.ts';
import { adminUserCreate, adminUserPreregistration } from '../../../shared/api/users.ts';
import { type Answer, call, send, uniqueId } from '../helpers.ts';
import { type OutboxMail, signInAs } from '../identity/accounts.ts';
import { progressInput, VISA_OK } from '../orders/order-helpers.ts';
import { checkoutInBrowser } from '../payments/sandbox-harness.ts';
import { operatorToken as staffToken } from '../staff-sign-in.ts';

/**
 * Subscribers of a runtime of their own (test/integration/isolated-runtime.ts), whose test clock a test
 * moves: accounts an operator creates, monthly subscriptions bought through the routes and the sandbox
 * checkout, the runtime's clock, outbox and charges.
 */
export const DAY_MS = 86_400_000;
export const PASSWORD = 'consent-pass1';

export function isolated(url: string) {
  const options = { baseUrl: url };

  async function local(
    method: 'GET' | 'POST',
    path: string,
    body?: Record<string, unknown>,
  ): Promise<Answer> {
    return send(new URL(path, url), {
      method,
      headers: { 'content-type': 'application/json' },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  }

  async function token(
    account: { email: string; password: string },
    clientType = 'landing',
  ): Promise<string> {
    const answer = await signInAs(account, { clientType }, options);
    if (answer.status !== 200) throw new Error(`sign-in: ${JSON.stringify(answer.body)}`);
    return answer.body.session.idToken;
  }

  // The operator signs in once per runtime: a TOTP code is good once (staff-sign-in.ts).
  let operator: Promise<string> | undefined;
  const operatorToken = () => {
    operator ??= staffToken(options);
    return operator;
  };

  return {
    options,
    local,
    token,
    operatorToken,
    async now(): Promise<number> {
      return Date.parse((await local('GET', '/_local/clock')).body.now);
    },
    /** Moves the clock to `at` (never back), firing the schedules due on the way. */
    async clockTo(at: number): Promise<void> {
      const moved = await local('POST', '/_local/clock', { to: new Date(at).toISOString() });
      expect(moved.status).toBe(200);
    },
    /** An account an operator made, in English unless told; with a preregistration coupon of `discountPercent`. */
    async account(
      discountPercent?: number,
      language: 'en' | 'ko' = 'en',
    ): Promise<{ uid: string; email: string; password: string }> {
      const email = `${uniqueId('consent')}@example.com`;
      const operator = await operatorToken();
      const created = await call(
        adminUserCreate,
        { info: { name: 'Mina Park', email, password: PASSWORD, language } },
        { ...options, token: operator },
      );
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const uid = created.body.result.uid as string;
      if (discountPercent) {
        const coupon = await call(
          adminUserPreregistration,
          { uid, operation: 'create', desc: 'welcome offer', discountPercent },
          { ...options, token: operator },
        );
        expect(coupon.status, JSON.stringify(coupon.body)).toBe(200);
      }
      return { uid, email, password: PASSWORD };
    },
    /**
     * A monthly subscription bought by card (in English unless told, with the order's phone if given): its
     * billing key (customerUid) and the first charge's amount.
     */
    async subscribe(
      account: { email: string; password: string },
      planName = 'MR_LIGHT_V3',
      contact: { language?: 'en' | 'ko'; phone?: string } = {},
    ): Promise<{ customerUid: string; amount: number }> {
      const language = contact.language ?? 'en';
      const opened = await call(
        createInitPayment,
        { clientType: 'landing', language, planName },
        { ...options, token: await token(account) },
      );
      expect(opened.status, JSON.stringify(opened.body)).toBe(200);
      const session = opened.body.sessionInfo;
      const input = progressInput(session, 'card', {
        userEmail: account.email,
        ...(contact.phone ? { userPhone: contact.phone } : {}),
      });
      const order = (await call(insertPaymentProgress, input, options)).body;
      await checkoutInBrowser(
        url,
        {
          pg: input.pg as string,
          pay_method: 'card',
          merchant_uid: order.checkoutMerchantUid,
          name: planName,
          amount: order.amount,
          currency: session.currency,
          buyer_email: account.email,
          customer_uid: order.customerUid,
          m_redirect_url: `${url}/${language}/payment/result/pending?guid=${session.guid}`,
        },
        { choice: VISA_OK },
      );
      const paid = await call(
        createBillingKeyPayment,
        { guid: session.guid, merchantUid: order.merchantUid, customerUid: order.customerUid },
        options,
      );
      expect(paid.body.result).toBe('success');
      return { customerUid: order.customerUid, amount: order.amount };
    },
    /** What the sandbox charged on a billing key (its issue, a payment of zero, left out), oldest first. */
    async charges(customerUid: string): Promise<Array<{ amount: number; status: string }>> {
      const state = (await local('GET', '/_local/payments.json')).body as {
        payments: Array<{ customer_uid?: string; amount: number; status: string }>;
      };
      return state.payments.filter((payment) => payment.customer_uid === customerUid && payment.amount > 0);
    },
    /** The mails sent to an address, newest first. */
    async mailsTo(address: string): Promise<OutboxMail[]> {
      return ((await local('GET', '/_local/outbox.json')).body as OutboxMail[]).filter((mail) =>
        mail.to.includes(address),
      );
    },
    /** The 알림톡 the SOLAPI stand-in took for a number (domestic form), newest first. */
    async textsTo(
      number: string,
    ): Promise<Array<{ templateId?: string; text: string; customFields?: Record<string, string> }>> {
      return (
        (await local('GET', '/_local/sms.json')).body as Array<{
          to: string;
          type: string;
          templateId?: string;
          text: string;
        }>
      ).filter((sms) => sms.to === number && sms.type === 'ATA');
    },
    /** The names of the schedules the scheduler stand-in holds whose input names the account. */
    async schedulesOf(uid: string): Promise<string[]> {
      const { schedules } = (await local('GET', '/_local/schedules.json')).body as {
        schedules: Array<{ Name: string; Target: { Input?: string } }>;
      };
      return schedules
        .filter((schedule) => JSON.parse(schedule.Target.Input ?? '{}').uid === uid)
        .map((schedule) => schedule.Name);
    },
  };
}
