import {
  accountDigits,
  type RefundAccount,
  RefundAccountSchema,
} from '../../../shared/refunds/refund-account.ts';
import type { RefundEstimateInfo } from '../../../shared/refunds/refund-session.ts';
import { cancelKind, type RefundWay } from '../../../shared/refunds/refund-ways.ts';

/**
 * What the refund screens (the customer's page, the console's refund screen and attention page) need of
 * the one decision of how a payment's money goes back (shared/refunds/refund-ways.ts): the decision of
 * an amount, how each way is told to a person, and the bank account a way may need, checked with the
 * shared schema before it is sent.
 */
export type RefundDecisionView = RefundEstimateInfo['refundWays']['whole'];

/** The decision the estimate carries for a refund of `amount` (the whole price, or a part of it). */
export function decisionFor(
  estimate: Pick<RefundEstimateInfo, 'price' | 'currency' | 'refundWays'>,
  amount: number,
): RefundDecisionView {
  return estimate.refundWays[cancelKind(estimate, amount)];
}

/**
 * How the money goes back on a way, in a person's words: a provider cancel is named by what the payment
 * was (the card, the phone bill, KakaoPay…: a phone payment is not "the card company"); a virtual
 * account's goes to the account the customer gives; the wallet is Naver Pay's; a transfer is the
 * product's bank transfer. `provider` is a provider cancel whose method is not known (an attention case
 * names none).
 */
export const REFUND_WAY_KINDS = [
  'card',
  'phone',
  'vbank',
  'kakaopay',
  'payco',
  'naverpay',
  'paypal',
  'wallet',
  'transfer',
  'provider',
] as const;
export type RefundWayKind = (typeof REFUND_WAY_KINDS)[number];

/** The recorded methods a provider cancel is named by (PayPal is a card payment on the paypal pg). */
const NAMED_METHODS: readonly RefundWayKind[] = ['card', 'phone', 'vbank', 'kakaopay', 'payco', 'naverpay'];

export function refundWayKind(
  way: RefundWay,
  payment?: { payMethod: string; pg: string } | undefined,
): RefundWayKind {
  if (way.source === 'cutloom') return 'transfer';
  if (way.source === 'naver_pay') return 'wallet';
  if (payment?.pg === 'paypal') return 'paypal';
  const named = NAMED_METHODS.find((method) => method === payment?.payMethod);
  if (named) return named;
  // Of an unnamed provider payment, only a virtual account's refund asks for an account.
  return way.account === 'required' ? 'vbank' : 'provider';
}

/** The account as a person fills it in; each field as typed. */
export interface RefundAccountDraft {
  bankCode: string;
  accountNumber: string;
  holder: string;
}
export const EMPTY_ACCOUNT: RefundAccountDraft = { bankCode: '', accountNumber: '', holder: '' };

export type AccountField = keyof RefundAccountDraft;
/** The order the fields are shown and their problems summed up in. */
export const ACCOUNT_FIELDS: readonly AccountField[] = ['bankCode', 'accountNumber', 'holder'];

/**
 * What can be wrong with an account, each an i18n key's last part: the form's own (RefundAccountSchema),
 * and the bank's verdict relayed by the refund (REFUND_ACCOUNT_REFUSED's `reason`).
 */
export type AccountProblem =
  | 'bank_missing'
  | 'number_missing'
  | 'number_invalid'
  | 'holder_missing'
  | 'holder_too_long'
  | 'holder_mismatch'
  | 'invalid_account';
export type AccountProblems = Partial<Record<AccountField, AccountProblem>>;

/**
 * The account checked by the schema the server checks it with: the account to send, or every field's
 * problem at once.
 */
export function checkAccount(
  draft: RefundAccountDraft,
): { account: RefundAccount; problems?: undefined } | { account?: undefined; problems: AccountProblems } {
  const parsed = RefundAccountSchema.safeParse(draft);
  if (parsed.success) return { account: parsed.data };
  const problems: AccountProblems = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as AccountField;
    if (problems[field]) continue;
    if (field === 'bankCode') problems.bankCode = 'bank_missing';
    else if (field === 'accountNumber')
      problems.accountNumber = accountDigits(draft.accountNumber) ? 'number_invalid' : 'number_missing';
    else problems.holder = draft.holder.trim() ? 'holder_too_long' : 'holder_missing';
  }
  return { problems };
}

/**
 * The bank's refusal of an account (REFUND_ACCOUNT_REFUSED, its `reason`) at the field it is about: the
 * holder's name, or the account itself (its number).
 */
export function refusedAccountProblem(reason: unknown): AccountProblems | undefined {
  if (reason === 'holder_mismatch') return { holder: 'holder_mismatch' };
  if (reason === 'invalid_account') return { accountNumber: 'invalid_account' };
  return undefined;
}
