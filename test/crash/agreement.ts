import { inject } from 'vitest';
import { attentionList } from '../../functions/core/attention/attention-cases.ts';
import { ledgerOfPayment } from '../../functions/core/data/finance-repository.ts';
import { listOrdersByUser } from '../../functions/core/data/order-reads.ts';
import { listRefunds } from '../../functions/core/data/refund-repository.ts';
import { listPaymentsByUser, listUserPlans } from '../../functions/core/data/user-plan-repository.ts';
import { CUSTOMER_MAIL_TEXTS } from '../../functions/core/mails/customer-mail-texts.ts';
import { send } from '../integration/helpers.ts';
import { mailsTo } from '../integration/identity/accounts.ts';
import { sandboxState } from '../integration/orders/order-helpers.ts';

/**
 * Where the provider's money and the product's records of one customer disagree, once nothing is left
 * to happen (the clock past every re-check): each a sentence naming what differs, none when they agree.
 *
 * - every order is decided: none left open, charging or with money to return;
 * - each payment the provider took is the product's payment with the same amount and the same amount
 *   returned (plus what the product owes by bank transfer), or, for an order not granted, returned whole;
 * - the ledger holds each payment once and each refund once (a transfer once it is paid);
 * - every refund is made or refused, none left started;
 * - a plan is live only while its payment is not returned, and a plan that ended has no renewal waiting;
 * - the receipt of each payment and the mail of each refund were sent once;
 * - nothing is left on the attention page but what the step leaves there on purpose.
 */
export interface Expected {
  /** Cases the step leaves for an operator on purpose (a refund owed by bank transfer). */
  openCases?: readonly string[];
  /** A mail that may have gone twice: the step ended between SES taking it and its mark (no idempotency key). */
  mailMayRepeat?: boolean;
}

const KO = CUSTOMER_MAIL_TEXTS.ko;
const LIVE_ORDER_STATUSES = ['created', 'charging', 'refund_required'];

export async function disagreementsOf(
  customer: { uid: string; email: string },
  expected: Expected = {},
): Promise<string[]> {
  const problems: string[] = [];
  const [orders, payments, plans, provider, mails, schedules, open] = await Promise.all([
    listOrdersByUser(customer.uid),
    listPaymentsByUser(customer.uid),
    listUserPlans(customer.uid),
    sandboxState(),
    mailsTo(customer.email),
    send(new URL('/_local/schedules.json', inject('apiUrl')), { method: 'GET' }).then(
      (answer) => answer.body as { schedules: Array<{ Name: string }> },
    ),
    attentionList({ limit: 1000 }).then(({ result }) => result.filter((entry) => entry.uid === customer.uid)),
  ]);
  const atProvider = new Map(provider.payments.map((payment) => [payment.merchant_uid, payment]));
  for (const order of orders) {
    if (LIVE_ORDER_STATUSES.includes(order.status))
      problems.push(`order ${order.merchantUid} is still ${order.status}`);
    const taken = atProvider.get(order.merchantUid);
    const paidThere = taken && (taken.status === 'paid' || taken.status === 'cancelled');
    const payment = payments.find((one) => one.merchantUid === order.merchantUid);
    if (order.status === 'paid') {
      if (!payment) problems.push(`order ${order.merchantUid} is paid without a payment`);
      if (order.payMethod !== 'naver_pay' && !paidThere)
        problems.push(`order ${order.merchantUid} is paid but the provider took nothing`);
    } else {
      if (payment) problems.push(`order ${order.merchantUid} is ${order.status} but has a payment`);
      if (paidThere && taken.cancel_amount !== taken.amount)
        problems.push(
          `the provider kept ${taken.amount - taken.cancel_amount} of order ${order.merchantUid}, which is ${order.status}`,
        );
    }
  }
  for (const payment of payments) {
    const refunds = await listRefunds(payment.merchantUid);
    const started = refunds.filter((refund) => refund.status === 'started');
    if (started.length) problems.push(`a refund of ${payment.merchantUid} is still started`);
    const made = refunds.filter((refund) => refund.status === 'made');
    const madeAmount = made.reduce((sum, refund) => sum + refund.amount, 0);
    const owedByTransfer = made
      .filter((refund) => refund.transfer)
      .reduce((sum, refund) => sum + refund.amount, 0);
    if (payment.cancelledAmount !== madeAmount)
      problems.push(
        `payment ${payment.merchantUid} says ${payment.cancelledAmount} returned, its refunds ${madeAmount}`,
      );
    const taken = atProvider.get(payment.merchantUid);
    if (taken) {
      if (taken.amount !== payment.price)
        problems.push(
          `payment ${payment.merchantUid} is ${payment.price}, the provider took ${taken.amount}`,
        );
      if (taken.cancel_amount !== payment.cancelledAmount - owedByTransfer)
        problems.push(
          `the provider returned ${taken.cancel_amount} of ${payment.merchantUid}, the product says ${payment.cancelledAmount - owedByTransfer}`,
        );
    }
    const inWallet = provider.walletPayments.find(
      (one) => one.merchantPayId === payment.merchantUid && one.state === 'paid',
    );
    if (inWallet) {
      if (inWallet.totalPayAmount !== payment.price)
        problems.push(
          `wallet payment ${payment.merchantUid} is ${payment.price}, the wallet took ${inWallet.totalPayAmount}`,
        );
      if (inWallet.totalPayAmount - inWallet.restAmount !== payment.cancelledAmount - owedByTransfer)
        problems.push(
          `the wallet returned ${inWallet.totalPayAmount - inWallet.restAmount} of ${payment.merchantUid}, the product says ${payment.cancelledAmount - owedByTransfer}`,
        );
    } else if (payment.payMethod === 'naver_pay')
      problems.push(`wallet payment ${payment.merchantUid} is unknown to the wallet`);
    const ledger = await ledgerOfPayment(payment.merchantUid);
    const charged = ledger.filter((entry) => entry.kind === 'payment');
    const returned = ledger.filter((entry) => entry.kind === 'refund');
    if (charged.length !== 1)
      problems.push(`the ledger holds ${charged.length} entries of payment ${payment.merchantUid}`);
    const transfersPaid = open.filter((entry) => entry.kind === 'refund_transfer').length === 0;
    const ledgerRefunds = made.filter((refund) => !refund.transfer || transfersPaid).length;
    if (returned.length !== ledgerRefunds)
      problems.push(
        `the ledger holds ${returned.length} refunds of ${payment.merchantUid}, ${ledgerRefunds} were made`,
      );
    const receipts = mails.filter(
      (mail) => mail.text.includes(payment.merchantUid) && !mail.subject.includes(KO.refundMade.subject),
    );
    if (receipts.length !== 1 && !(expected.mailMayRepeat && receipts.length === 2))
      problems.push(`${receipts.length} receipts of ${payment.merchantUid} were mailed`);
    const fullyReturned = payment.cancelledAmount >= payment.price;
    for (const plan of plans.filter(
      (one) => one.paidMerchantUid === payment.merchantUid || one.planId === payment.merchantUid,
    )) {
      const live = plan.planStatus === 'PAID' || plan.planStatus === 'HOLD';
      if (made.length > 0 && live)
        problems.push(`plan ${plan.planId} is ${plan.planStatus} after its refund`);
      if (fullyReturned && live) problems.push(`plan ${plan.planId} is live with its payment returned`);
      if (!live && schedules.schedules.some((schedule) => schedule.Name.startsWith(`rnw-${plan.planId}-`)))
        problems.push(`plan ${plan.planId} ended but its renewal is still scheduled`);
    }
  }
  const refundMails = mails.filter((mail) => mail.subject.includes(KO.refundMade.subject)).length;
  const refundsMade = (await Promise.all(payments.map((payment) => listRefunds(payment.merchantUid))))
    .flat()
    .filter((refund) => refund.status === 'made').length;
  if (refundMails !== refundsMade && !(expected.mailMayRepeat && refundMails === refundsMade + 1))
    problems.push(`${refundMails} refund mails for ${refundsMade} refunds`);
  const unexpected = open.filter((entry) => !(expected.openCases ?? []).includes(entry.kind));
  for (const entry of unexpected) problems.push(`the attention page lists ${entry.kind}: ${entry.reason}`);
  return problems;
}
