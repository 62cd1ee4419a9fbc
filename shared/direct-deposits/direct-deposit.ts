import * as z from 'zod';
import { CURRENCIES, type Currency } from '../currency.ts';
import { BULK_REPEAT_FIELD } from '../jobs/bulk-repeat.ts';
import { checkFinalPrice } from '../payments/price-bounds.ts';
import { BUILT_IN_PLAN_NAME_CHOICES } from '../plans/plan-name-choices.ts';
import { adminDescRule } from '../users/admin-user-rules.ts';

/**
 * Direct deposits (admin-console.md sections 2, 3, 5 and 9): a plan granted by an operator for money
 * paid outside the payment provider (a bank transfer, an event). The grant goes through the orders'
 * plan grant (a UserPlan, a Payment and the plan head moved on), with a payment whose payMethod and pg
 * are `direct_deposit` and whose customerUid is DIRECT_DEPOSIT_CUSTOMER_UID, so that the console's
 * subscription buttons (unsubscribe, resubscribe, contact info) leave such plans alone.
 *
 * Rule messages are i18n keys of the `console-deposits` namespace: the console shows them in the
 * operator's language, and a bulk job records them as an item's reason.
 */
export const DIRECT_DEPOSIT_CUSTOMER_UID = 'direct_deposit';
export const DIRECT_DEPOSIT_PAY_METHOD = 'direct_deposit';
export const DIRECT_DEPOSIT_PG = 'direct_deposit';

/** Spec: an admin's payment supports KRW, JPY and USD; KRW by default. */
export const DIRECT_DEPOSIT_CURRENCIES = CURRENCIES;
export const DEFAULT_DIRECT_DEPOSIT_CURRENCY: Currency = 'KRW';
/** Spec: a deposit is for an event or a plan (the single form offers event first; bulk defaults to plan). */
export const DIRECT_DEPOSIT_PAYMENT_TYPES = ['event', 'plan'] as const;
export type DirectDepositPaymentType = (typeof DIRECT_DEPOSIT_PAYMENT_TYPES)[number];

/**
 * Spec (section 9): the built-in plan names a deposit may grant, the console's built-in plan-name
 * choices. Decision: deposits offer these only, not custom plans (whose quotas live in partner or
 * operator catalogues the deposit grant does not read). All are fixed-term passes: a deposited plan never
 * renews by itself.
 */
export const BUILT_IN_DEPOSIT_PLAN_NAMES = BUILT_IN_PLAN_NAME_CHOICES;

/** Spec: bulk deposits travel in batches of 300 (shared/jobs/queues.ts); one job takes at most this many. */
export const BULK_DIRECT_DEPOSIT_MAX = 10_000;

const messages = {
  planName: 'console-deposits:validation.plan_name',
  price: 'console-deposits:validation.price',
  currency: 'console-deposits:validation.currency',
  paymentType: 'console-deposits:validation.payment_type',
  userName: 'console-deposits:validation.user_name',
  userEmail: 'console-deposits:validation.user_email',
  userPhone: 'console-deposits:validation.user_phone',
  uid: 'console-deposits:validation.uid',
  noUids: 'console-deposits:validation.no_uids',
  tooMany: 'console-deposits:validation.too_many',
} as const;
export const DIRECT_DEPOSIT_MESSAGES = messages;

/**
 * Why a deposit was refused for an account (a bulk item's reason; the single form's error): the
 * account does not exist or was deleted, or it holds a plan that has not ended (one plan at a time:
 * a deposit is for an account without a running plan, as the console's buttons offer it).
 */
export const DIRECT_DEPOSIT_REFUSALS = {
  noAccount: 'console-deposits:refusal.no_account',
  activePlan: 'console-deposits:refusal.active_plan',
  unknownPlan: 'console-deposits:refusal.unknown_plan',
} as const;
export type DirectDepositRefusal = (typeof DIRECT_DEPOSIT_REFUSALS)[keyof typeof DIRECT_DEPOSIT_REFUSALS];

const requiredText = (message: string, max: number) => z.string().trim().min(1, message).max(max, message);

/**
 * The deposit's own fields. The price is what the customer paid outside the provider: the operator
 * records it (the server computes nothing here), so it is checked as a sum the currency can hold: its
 * decimals, not negative, not above the currency's highest plan price; zero is allowed (an event
 * deposit may be free).
 */
export const DEPOSIT_FIELDS = {
  planName: requiredText(messages.planName, 64),
  currency: z
    .enum(DIRECT_DEPOSIT_CURRENCIES, { message: messages.currency })
    .default(DEFAULT_DIRECT_DEPOSIT_CURRENCY),
  price: z.number({ message: messages.price }),
  paymentType: z.enum(DIRECT_DEPOSIT_PAYMENT_TYPES, { message: messages.paymentType }),
};

export function checkDepositPrice(
  fields: { price: number; currency: Currency },
  context: z.RefinementCtx,
): void {
  if (checkFinalPrice(fields.price, fields.currency) === 'invalid')
    context.addIssue({
      // Stryker disable next-line StringLiteral: zod's issue code, read by nothing; the path and the message are the rule
      code: 'custom',
      path: ['price'],
      message: messages.price,
    });
}

/** Who the deposit is for, as the payment records it (the single form and schedules). */
export const PAYER_FIELDS = {
  uid: requiredText(messages.uid, 64),
  userName: requiredText(messages.userName, 128),
  userEmail: requiredText(messages.userEmail, 254),
  userPhone: requiredText(messages.userPhone, 32),
};

/** A deposit as a schedule keeps it: the payer and the deposit's fields. */
export const directDepositParamsRule = z
  .object({ ...PAYER_FIELDS, ...DEPOSIT_FIELDS })
  .superRefine(checkDepositPrice);
export type DirectDepositParams = z.output<typeof directDepositParamsRule>;

/** The form of a deposit id (a merchant uid of the direct-deposit kind). */
export const DIRECT_DEPOSIT_ID_PATTERN = /^dep_[0-9a-z]{26}$/;

/**
 * A deposit for one account: the payer, the deposit and the operator's desc. `depositId` is the
 * deposit's idempotency key: the form makes one when it opens, so a resent request grants nothing twice.
 */
export const directDepositRule = z
  .object({
    ...PAYER_FIELDS,
    ...DEPOSIT_FIELDS,
    desc: adminDescRule,
    // Stryker disable next-line MethodExpression: the pattern fixes the length at 30, so min(30) is max(30); the bound is the API document's maxLength
    depositId: z.string().max(30).regex(DIRECT_DEPOSIT_ID_PATTERN).optional(),
  })
  .superRefine(checkDepositPrice);
export type DirectDepositInput = z.output<typeof directDepositRule>;
export type DirectDepositForm = z.input<typeof directDepositRule>;

/** The deposit's fields and desc every listed account gets (the bulk page's form, the list aside). */
const BULK_DEPOSIT_FIELDS = {
  ...DEPOSIT_FIELDS,
  paymentType: DEPOSIT_FIELDS.paymentType.default('plan'),
  desc: adminDescRule,
};
export const bulkDirectDepositFieldsRule = z.object(BULK_DEPOSIT_FIELDS).superRefine(checkDepositPrice);
export type BulkDirectDepositFieldsForm = z.input<typeof bulkDirectDepositFieldsRule>;

/** The bulk call: the deposit's fields and desc for every listed uid or e-mail (a repeat confirmed). */
export const bulkDirectDepositRule = z
  .object({
    uidOrEmails: z
      .array(z.string().trim().min(1).max(254))
      .min(1, messages.noUids)
      .max(BULK_DIRECT_DEPOSIT_MAX, messages.tooMany),
    ...BULK_DEPOSIT_FIELDS,
    ...BULK_REPEAT_FIELD,
  })
  .superRefine(checkDepositPrice);
export type BulkDirectDepositInput = z.output<typeof bulkDirectDepositRule>;
export type BulkDirectDepositForm = z.input<typeof bulkDirectDepositRule>;
