import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { listUserPlans } from '../../functions/core/data/user-plan-repository.ts';
import { createBillingKeyPayment, getPaymentResult } from '../../shared/api/orders.ts';
import { adminCancelPayment, cancelPaymentUser, createUserRefund } from '../../shared/api/refunds.ts';
import { type Answer, call, send, staffSession } from '../integration/helpers.ts';
import {
  type Customer,
  checkout,
  newCustomer,
  openSession,
  placeOrder,
  subscriber,
  VISA_OK,
} from '../integration/orders/order-helpers.ts';
import { disagreementsOf } from './agreement.ts';
import { describePoint, type MoneyStep, type Walked, walkStep } from './crash-walk.ts';

/**
 * Every crash point of the money steps (issue 40), as Lambda runs them: see crash-walk.ts for the walk
 * and agreement.ts for what must agree. The suite prints how many points it walked, how many were
 * reached, and every disagreement, and fails on any.
 */
const STANDARD = { planName: 'MR_STANDARD_V3', amount: 19_900 };
const walked: Walked[] = [];

function problemsOf(outcomes: Walked[]): string[] {
  return outcomes.flatMap((outcome) =>
    outcome.problems.map((problem) => `${outcome.step}, ${describePoint(outcome.point)}: ${problem}`),
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
    `Crash points walked: ${points.length} in ${steps} money steps (${reached} reached, ${points.length - reached} never reached); disagreements: ${problemsOf(walked).length}`,
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
      disagreements: (context) => disagreementsOf(context.customer),
    });
  });

  it('a pass confirmed by its result page (get-payment-result), its notification lost', async () => {
    await walk({
      name: 'the result page’s confirmation',
      functionName: getPaymentResult.name,
      prepare: async () => {
        const customer = await newCustomer();
        const { sessionInfo } = await openSession(customer, { planName: 'Y1_LIGHT' });
        const order = await placeOrder(sessionInfo, 'card');
        await loseNotifications(order.merchantUid);
        await checkout(sessionInfo, order, 'card', VISA_OK);
        return { customer, guid: sessionInfo.guid, merchantUid: order.merchantUid };
      },
      matchOf: (context) => context.merchantUid,
      act: (context) => call(getPaymentResult, { guid: context.guid, merchantUid: context.merchantUid }),
      retry: (context) => call(getPaymentResult, { guid: context.guid, merchantUid: context.merchantUid }),
      answerProblems: (_, answer) => charged(answer),
      disagreements: (context) => disagreementsOf(context.customer),
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
      disagreements: (context) => disagreementsOf(context.customer),
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
      disagreements: (context) => disagreementsOf(context.customer),
    });
  });
});

function refundByCustomer(guid: string): Promise<Answer> {
  return call(cancelPaymentUser, {
    guid,
    price: STANDARD.amount,
    reason: 'Not for me',
    refundSource: 'portone',
    agreed: true,
  });
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
