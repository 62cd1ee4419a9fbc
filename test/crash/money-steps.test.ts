import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { getOrder } from '../../functions/core/data/order-reads.ts';
import { listUserPlans } from '../../functions/core/data/user-plan-repository.ts';
import { changeCard, insertChangeCardProgress } from '../../shared/api/change-card.ts';
import {
  createBillingKeyPayment,
  createInitPayment,
  getPaymentResult,
  portoneWebhook,
} from '../../shared/api/orders.ts';
import {
  adminCancelPayment,
  cancelPaymentUser,
  createUserRefund,
  userRefundInfo,
} from '../../shared/api/refunds.ts';
import { type Answer, call, send, staffSession } from '../integration/helpers.ts';
import {
  type Customer,
  checkout,
  deposit,
  newCustomer,
  openSession,
  placeOrder,
  placeUpgrade,
  registerCard,
  sandboxState,
  subscriber,
  until,
  VISA_OK,
} from '../integration/orders/order-helpers.ts';
import { disagreementsOf, type Expected } from './agreement.ts';
import type { TracedCall } from './crash-control.ts';
import {
  describePoint,
  endedAtMailSend,
  type MoneyStep,
  sameAsEarlier,
  type Walked,
  walkStep,
} from './crash-walk.ts';

/**
 * Every crash point of the money steps (issue 40), as Lambda runs them: see crash-walk.ts for the walk
 * and agreement.ts for what must agree. The suite prints how many points it walked, how many were
 * reached, and every disagreement, and fails on any.
 */
const STANDARD = { planName: 'MR_STANDARD_V3', amount: 19_900 };
const walked: Walked[] = [];

function problemsOf(outcomes: Walked[]): string[] {
  return outcomes.flatMap((outcome) =>
    outcome.problems.map(
      (problem) =>
        `${outcome.step}, ${describePoint(outcome.point)}${outcome.at ? ` (${outcome.at})` : ''}: ${problem}`,
    ),
  );
}

async function walk<Context>(step: MoneyStep<Context>, parallel = 3): Promise<void> {
  const outcomes = await walkStep(step, { parallel });
  walked.push(...outcomes);
  expect(problemsOf(outcomes)).toEqual([]);
}

afterAll(() => {
  const points = walked.filter((outcome) => outcome.point);
  const reached = points.filter((outcome) => outcome.reached).length;
  const steps = new Set(walked.map((outcome) => outcome.step)).size;
  console.log(
    `Crash points walked: ${points.length} in ${steps} money steps (${reached} reached, ${points.length - reached} never reached; ${sameAsEarlier.points} more after reads, each the point before it); disagreements: ${problemsOf(walked).length}`,
  );
});

/** A customer with a card order placed and its billing key issued at the checkout, not yet charged. */
async function keyIssued(): Promise<{
  customer: Customer;
  guid: string;
  merchantUid: string;
  customerUid: string;
}> {
  const customer = await newCustomer();
  const { sessionInfo } = await openSession(customer, { planName: STANDARD.planName });
  const order = await placeOrder(sessionInfo, 'card');
  await loseNotifications(order.merchantUid);
  await checkout(sessionInfo, order, 'card', VISA_OK);
  return {
    customer,
    guid: sessionInfo.guid,
    merchantUid: order.merchantUid,
    customerUid: order.customerUid as string,
  };
}

const charged = (answer: unknown) => {
  const body = (answer as Answer).body;
  const result = body?.result;
  return result === 'success' || result === 'pending'
    ? []
    : [`the retry answered ${(answer as Answer).status} ${JSON.stringify(body)}`];
};

describe('money that survives a crash', () => {
  it('the first charge on a billing key (create-billing-key-payment)', async () => {
    await walk({
      name: 'the first charge',
      functionName: createBillingKeyPayment.name,
      prepare: keyIssued,
      matchOf: (context) => context.merchantUid,
      act: (context) =>
        call(createBillingKeyPayment, {
          guid: context.guid,
          merchantUid: context.merchantUid,
          customerUid: context.customerUid,
        }),
      retry: (context) =>
        call(createBillingKeyPayment, {
          guid: context.guid,
          merchantUid: context.merchantUid,
          customerUid: context.customerUid,
        }),
      answerProblems: (_, answer) => charged(answer),
      disagreements: (context, _point, at) =>
        disagreementsOf(context.customer, { mailMayRepeat: endedAtMailSend(at) }),
    });
  });

  it('a pass confirmed by its result page (get-payment-result), its notification lost', async () => {
    await walk({
      name: 'the result page’s confirmation',
      functionName: getPaymentResult.name,
      prepare: async () => {
        const customer = await newCustomer();
        const { sessionInfo } = await openSession(customer, { planName: 'Y1_LIGHT_V3' });
        const order = await placeOrder(sessionInfo, 'card');
        await loseNotifications(order.merchantUid);
        await checkout(sessionInfo, order, 'card', VISA_OK);
        return { customer, guid: sessionInfo.guid, merchantUid: order.merchantUid };
      },
      matchOf: (context) => context.merchantUid,
      act: (context) => call(getPaymentResult, { guid: context.guid, merchantUid: context.merchantUid }),
      retry: (context) => call(getPaymentResult, { guid: context.guid, merchantUid: context.merchantUid }),
      answerProblems: (_, answer) => charged(answer),
      disagreements: (context, _point, at) =>
        disagreementsOf(context.customer, { mailMayRepeat: endedAtMailSend(at) }),
    });
  });

  it('the customer’s refund through the provider (cancel-payment-user)', async () => {
    await walk({
      name: 'the customer’s refund',
      functionName: cancelPaymentUser.name,
      prepare: async () => {
        const customer = await subscriber(STANDARD.planName);
        const guid = (await call(createUserRefund, {}, { token: customer.token })).body.guid as string;
        const [plan] = await listUserPlans(customer.uid);
        return { customer, guid, merchantUid: plan?.paidMerchantUid ?? plan?.planId ?? '' };
      },
      matchOf: (context) => context.guid,
      act: (context) => refundByCustomer(context.guid),
      retry: (context) => refundByCustomer(context.guid),
      answerProblems: (_, answer) => {
        const result = (answer as Answer).body?.result;
        return result?.kind === 'refunded' && result.amount === STANDARD.amount
          ? []
          : [`the retry answered ${(answer as Answer).status} ${JSON.stringify((answer as Answer).body)}`];
      },
      disagreements: (context, _point, at) =>
        disagreementsOf(context.customer, { mailMayRepeat: endedAtMailSend(at) }),
    });
  });

  it('a pass confirmed by the provider’s notification (portone-webhook), nobody back on the result page', async () => {
    await walk({
      name: 'the notification’s confirmation',
      functionName: portoneWebhook.name,
      prepare: async () => {
        const customer = await newCustomer();
        const { sessionInfo } = await openSession(customer, { planName: 'Y1_LIGHT_V3' });
        const order = await placeOrder(sessionInfo, 'card');
        return { customer, sessionInfo, order };
      },
      matchOf: (context) => context.order.merchantUid,
      // The customer pays; the provider notifies. The browser never comes back to the result page.
      act: async (context) => {
        await checkout(context.sessionInfo, context.order, 'card', VISA_OK);
        await notified(context.order.merchantUid);
      },
      // The provider does not notify again: the order's re-check (10 minutes) is what comes next.
      retry: async () => undefined,
      disagreements: (context, _point, at) => agreementOf(context.customer, at),
    });
  });

  it('a virtual account’s deposit notified (portone-webhook)', async () => {
    await walk({
      name: 'the deposit’s confirmation',
      functionName: portoneWebhook.name,
      prepare: async () => {
        const customer = await newCustomer();
        const { sessionInfo } = await openSession(customer, { planName: 'Y1_STANDARD_V3' });
        const order = await placeOrder(sessionInfo, 'vbank');
        const back = await checkout(sessionInfo, order, 'vbank', 'vbank');
        // The account's issue is notified too: it must be past before the deposit's point is armed.
        await notified(order.merchantUid);
        return { customer, merchantUid: order.merchantUid, impUid: back.imp_uid as string };
      },
      matchOf: (context) => context.merchantUid,
      act: async (context) => {
        await deposit(context.impUid);
        await notified(context.merchantUid);
      },
      retry: async () => undefined,
      disagreements: (context, _point, at) => agreementOf(context.customer, at),
    });
  });

  it('an upgrade charged on the plan’s billing key (create-billing-key-payment)', async () => {
    await walk({
      name: 'the upgrade',
      functionName: createBillingKeyPayment.name,
      prepare: async () => {
        const customer = await subscriber('MR_LIGHT_V3');
        const placed = await placeUpgrade(customer, STANDARD.planName);
        return { customer, ...placed };
      },
      matchOf: (context) => context.merchantUid,
      act: (context) => chargeUpgrade(context),
      retry: (context) => chargeUpgrade(context),
      answerProblems: (_, answer) => charged(answer),
      // One plan is live: Standard when the upgrade was charged, else still Light. Ended after its order was
      // claimed but before the charge left, the upgrade takes no money and its order fails once the provider
      // shows nothing for it (docs/crash-safety.md): the customer is told and upgrades again.
      disagreements: async (context, _point, at) => {
        const problems = await agreementOf(context.customer, at);
        const upgraded = (await getOrder(context.merchantUid))?.status === 'paid';
        const live = (await listUserPlans(context.customer.uid)).filter((plan) => plan.planStatus === 'PAID');
        if (live.length !== 1 || live[0]?.planType !== (upgraded ? 'STANDARD' : 'LIGHT'))
          problems.push(
            `the upgrade is ${upgraded ? 'paid' : 'not paid'} and the live plans are ${JSON.stringify(live.map((plan) => plan.planType))}`,
          );
        return problems;
      },
    });
  });

  it('a change of card (change-card)', async () => {
    await walk({
      name: 'the change of card',
      functionName: changeCard.name,
      prepare: async () => {
        const customer = await subscriber(STANDARD.planName);
        const [plan] = await listUserPlans(customer.uid);
        const opened = await call(
          createInitPayment,
          { clientType: 'landing', language: 'ko', isChangeCard: true },
          { token: customer.token },
        );
        const guid = opened.body.guid as string;
        const prepared = (await call(insertChangeCardProgress, { guid, customerUid: plan?.customerUid }))
          .body;
        await registerCard(prepared, VISA_OK);
        return {
          customer,
          guid,
          merchantUid: prepared.changeCardData.merchantUid as string,
          oldKey: plan?.customerUid as string,
          newKey: prepared.customerUid as string,
        };
      },
      matchOf: (context) => context.merchantUid,
      act: (context) => call(changeCard, { guid: context.guid, merchantUid: context.merchantUid }),
      retry: (context) => call(changeCard, { guid: context.guid, merchantUid: context.merchantUid }),
      answerProblems: (_, answer) =>
        (answer as Answer).body?.result === 'success'
          ? []
          : [`the retry answered ${(answer as Answer).status} ${JSON.stringify((answer as Answer).body)}`],
      disagreements: async (context) => {
        const problems: string[] = [];
        const [plan] = await listUserPlans(context.customer.uid);
        if (plan?.customerUid !== context.newKey) problems.push(`the plan charges ${plan?.customerUid}`);
        const keys = (await sandboxState()).billingKeys.map((key) => key.customer_uid);
        if (keys.includes(context.oldKey)) problems.push('the provider still holds the old card’s key');
        if (!keys.includes(context.newKey)) problems.push('the provider holds no new key');
        return problems;
      },
    });
  });

  it('the customer’s refund through the wallet (cancel-payment-user, Naver Pay)', async () => {
    await walk({
      name: 'the wallet refund',
      functionName: cancelPaymentUser.name,
      prepare: async () => {
        const customer = await subscriber('MR_LIGHT_V3', 'naver_pay');
        const guid = (await call(createUserRefund, {}, { token: customer.token })).body.guid as string;
        return { customer, guid };
      },
      matchOf: (context) => context.guid,
      act: (context) => refundByCustomer(context.guid, { price: 9_900, refundSource: 'naver_pay' }),
      retry: (context) => refundByCustomer(context.guid, { price: 9_900, refundSource: 'naver_pay' }),
      answerProblems: (_, answer) => refunded(answer, 9_900),
      disagreements: (context, _point, at) => agreementOf(context.customer, at),
    });
  });

  it('the customer’s refund of a deposited virtual account, to the account they give', async () => {
    await walk({
      name: 'the refund to a refund account',
      functionName: cancelPaymentUser.name,
      prepare: async () => {
        const customer = await newCustomer();
        const { sessionInfo } = await openSession(customer, { planName: 'Y1_LIGHT_V3' });
        const order = await placeOrder(sessionInfo, 'vbank');
        const back = await checkout(sessionInfo, order, 'vbank', 'vbank');
        await notified(order.merchantUid);
        await deposit(back.imp_uid as string);
        await until(
          async () => ((await getOrder(order.merchantUid))?.status === 'paid' ? true : undefined),
          'the deposit',
          30_000,
        );
        const guid = (await call(createUserRefund, {}, { token: customer.token })).body.guid as string;
        const info = (await call(userRefundInfo, { guid })).body.result;
        return { customer, guid, price: info.estimatedRefundPrice as number };
      },
      matchOf: (context) => context.guid,
      act: (context) => refundByCustomer(context.guid, { price: context.price, refundAccount: ACCOUNT }),
      retry: (context) => refundByCustomer(context.guid, { price: context.price, refundAccount: ACCOUNT }),
      answerProblems: (context, answer) => refunded(answer, context.price),
      disagreements: (context, _point, at) => agreementOf(context.customer, at),
    });
  });

  it('an operator’s refund through the provider (cancel-payment)', async () => {
    const operator = await staffSession('finance');
    await walk({
      name: 'the operator’s refund',
      functionName: adminCancelPayment.name,
      prepare: async () => ({ customer: await subscriber(STANDARD.planName), requestId: randomUUID() }),
      matchOf: (context) => context.requestId,
      act: (context) => refundByOperator(operator.token, context.customer.uid, context.requestId),
      retry: (context) => refundByOperator(operator.token, context.customer.uid, context.requestId),
      answerProblems: (_, answer) => {
        const result = (answer as Answer).body?.result;
        return result?.kind === 'refunded'
          ? []
          : [`the retry answered ${(answer as Answer).status} ${JSON.stringify((answer as Answer).body)}`];
      },
      disagreements: (context, _point, at) =>
        disagreementsOf(context.customer, { mailMayRepeat: endedAtMailSend(at) }),
    });
  });
});

/** A bank account the customer gives for a refund (one the sandbox's bank accepts). */
const ACCOUNT = { bankCode: '88', accountNumber: '110-123-456890', holder: '홍길동' };

function refundByCustomer(
  guid: string,
  options: { price?: number; refundSource?: string; refundAccount?: typeof ACCOUNT } = {},
): Promise<Answer> {
  return call(cancelPaymentUser, {
    guid,
    price: options.price ?? STANDARD.amount,
    reason: 'Not for me',
    refundSource: options.refundSource ?? 'portone',
    agreed: true,
    ...(options.refundAccount ? { refundAccount: options.refundAccount } : {}),
  });
}

function refunded(answer: unknown, amount: number): string[] {
  const result = (answer as Answer).body?.result;
  return result?.kind === 'refunded' && result.amount === amount
    ? []
    : [`the retry answered ${(answer as Answer).status} ${JSON.stringify((answer as Answer).body)}`];
}

/** The customer's records against the provider's, a second mail allowed only where SES may have sent one. */
function agreementOf(customer: Customer, at: TracedCall | undefined, expected: Expected = {}) {
  return disagreementsOf(customer, { ...expected, mailMayRepeat: endedAtMailSend(at) });
}

function chargeUpgrade(context: { session: { guid: string }; merchantUid: string; customerUid: string }) {
  return call(createBillingKeyPayment, {
    guid: context.session.guid,
    merchantUid: context.merchantUid,
    customerUid: context.customerUid,
    isUpgrade: true,
  });
}

/** Every notification of the order the sandbox sent so far has been delivered or has failed (not in flight). */
async function notified(merchantUid: string): Promise<void> {
  await until(
    async () => {
      const mine = (await sandboxState()).notifications.filter(
        (one) => one.body.merchant_uid === merchantUid,
      );
      return mine.length > 0 && mine.every((one) => one.state !== 'delivering') ? true : undefined;
    },
    `the notifications of ${merchantUid}`,
    30_000,
  );
}

function refundByOperator(token: string, uid: string, requestId: string): Promise<Answer> {
  return call(
    adminCancelPayment,
    { uid, price: STANDARD.amount, reason: 'Asked by phone', refundSource: 'portone', requestId },
    { token },
  );
}

/**
 * The provider's notifications of an order are lost on the way (the sandbox's control): the walk then
 * sees the step's own path alone, never the notification confirming the order beside it, which has a
 * walk of its own.
 */
async function loseNotifications(merchantUid: string): Promise<void> {
  const answer = await send(new URL('/_local/payments/notifications/lose', inject('apiUrl')), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ merchant_uid: merchantUid }),
  });
  if (answer.status >= 400)
    throw new Error(`The notifications were not lost: ${JSON.stringify(answer.body)}`);
}
