import {
  AFFILIATE_REFERRAL_TYPE,
  isPaymentTarget,
  isSignUpTarget,
  numberedPayments,
  paymentLookbackStart,
  paymentShareAmount,
} from '../../../shared/affiliates/affiliate.ts';
import { INVALID_DATE_FORMAT, kstDayRange } from '../../../shared/time/kst.ts';
import { type Affiliate, listAffiliates } from '../data/affiliate-repository.ts';
import { listPaymentsByUser } from '../data/user-plan-repository.ts';
import { listUsersByReferral } from '../data/user-repository.ts';
import { AdminError } from '../errors.ts';

/**
 * The settlement searches (admin-console.md sections 2, 5 and 7; the decisions are in
 * shared/affiliates/affiliate.ts). Both read the accounts that signed up through an affiliate's code
 * from the sparse referral index (a range query) and the affiliates (one query); the payment search
 * then reads each such account's payments.
 */
function rangeOf(from: string, to: string) {
  try {
    return kstDayRange(from, to);
  } catch {
    throw new AdminError('invalid_argument', INVALID_DATE_FORMAT);
  }
}

/** The accounts of the range brought by a known affiliate, each with its affiliate. */
async function referredAccounts(fromMs: number, toMs: number) {
  const [users, affiliates] = await Promise.all([
    listUsersByReferral(AFFILIATE_REFERRAL_TYPE, fromMs, toMs),
    listAffiliates(),
  ]);
  const byCode = new Map(affiliates.map((affiliate) => [affiliate.couponCode, affiliate]));
  return users.flatMap((user) => {
    const affiliate = byCode.get((user.referralCode ?? '').trim().toUpperCase());
    return affiliate && !user.deleted ? [{ user, affiliate }] : [];
  });
}

export async function signUpSettlements(input: { from: string; to: string }) {
  const { fromMs, toMs } = rangeOf(input.from, input.to);
  const accounts = await referredAccounts(fromMs, toMs);
  return accounts
    .map(({ user, affiliate }) => ({
      isTarget: isSignUpTarget(affiliate, { created: user.created, emailVerified: user.emailVerified }),
      affiliateName: affiliate.name,
      couponCode: affiliate.couponCode,
      uid: user.uid,
      emailVerified: user.emailVerified,
      created: user.created,
      rewardAmount: affiliate.signUpRewardAmount,
      ...(affiliate.signUpRewardCurrency ? { rewardCurrency: affiliate.signUpRewardCurrency } : {}),
    }))
    .sort((a, b) => a.created - b.created);
}

function paymentRows(
  affiliate: Affiliate,
  signedUpAt: number,
  payments: Awaited<ReturnType<typeof listPaymentsByUser>>,
  range: { fromMs: number; toMs: number },
) {
  const target = isPaymentTarget(affiliate, signedUpAt);
  // A payment refunded in full is no payment: it neither counts nor shares.
  const kept = payments.filter((payment) => payment.status !== 'cancelled');
  return numberedPayments(kept, range).map((payment) => ({
    isTarget: target,
    affiliateName: affiliate.name,
    couponCode: affiliate.couponCode,
    uid: payment.uid,
    impUid: payment.impUid ?? payment.walletPaymentId ?? payment.merchantUid,
    planName: payment.planName,
    currency: payment.currency,
    price: payment.price,
    paidAt: payment.paidAt,
    payNumber: payment.payNumber,
    paymentShareAmount: target
      ? paymentShareAmount(
          affiliate.paymentSharePercentage,
          payment.price - (payment.cancelledAmount ?? 0),
          payment.currency,
        )
      : 0,
  }));
}

export async function paymentSettlements(input: { from: string; to: string }) {
  const range = rangeOf(input.from, input.to);
  const accounts = await referredAccounts(paymentLookbackStart(range.fromMs), range.toMs);
  const rows = await Promise.all(
    accounts.map(async ({ user, affiliate }) =>
      paymentRows(affiliate, user.created, await listPaymentsByUser(user.uid), range),
    ),
  );
  return rows.flat().sort((a, b) => a.paidAt - b.paidAt);
}
