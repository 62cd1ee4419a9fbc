import { ATTENTION_KINDS } from '../../../../shared/attention/attention-cases.ts';
import { AUDIT_KINDS } from '../../../../shared/audit/audit-kinds.ts';
import { AUDIT_OUTCOMES } from '../../../../shared/audit/audit-trail.ts';
import { CASH_RECEIPT_STATES } from '../../../../shared/cash-receipts/cash-receipt-rules.ts';
import { CURRENCIES } from '../../../../shared/currency.ts';
import {
  DIRECT_DEPOSIT_PAY_METHOD,
  DIRECT_DEPOSIT_PG,
} from '../../../../shared/direct-deposits/direct-deposit.ts';
import { LEDGER_KINDS } from '../../../../shared/finance/ledger.ts';
import { CLIENT_TYPES } from '../../../../shared/identity/client-types.ts';
import { REFERRAL_TYPES } from '../../../../shared/identity/referral.ts';
import {
  PAY_METHODS,
  providerChannel,
  WALLET_PAY_METHOD,
  WALLET_PG,
} from '../../../../shared/payments/pay-methods.ts';
import {
  ORDER_STATUSES,
  PAYMENT_SESSION_STATUSES,
  PAYMENT_STATUSES,
  PAYMENT_TYPES,
  PLAN_STATUSES,
} from '../../../../shared/payments/payment-codes.ts';
import { PLAN_PERIODS, PLAN_TYPES } from '../../../../shared/plans/plan-types.ts';
import { HAND_REFUND_MEANS } from '../../../../shared/refunds/hand-refunds.ts';
import { REFUND_SOURCES } from '../../../../shared/refunds/refund-session.ts';
import { REFUND_WAY_NAMES } from '../../../../shared/refunds/refund-ways.ts';
import { STAFF_ROLES, STAFF_STATUSES } from '../../../../shared/staff/staff-roles.ts';
import { SMART_SURVEY_ACTION_TYPES } from '../../../../shared/surveys/smart-survey.ts';
import { TAX_INVOICE_STATES } from '../../../../shared/tax-invoices/tax-invoice-rules.ts';
import { ADMIN_ACTIONS } from '../../../../shared/users/admin-actions.ts';

/**
 * Every pg a payment records: each method's provider channel in every currency, one-off and
 * subscription (shared/payments/pay-methods.ts providerChannel), the wallet's and the direct deposit's.
 */
const RECORDED_PGS: readonly string[] = [
  ...new Set([
    ...PAY_METHODS.filter((method) => method !== WALLET_PAY_METHOD).flatMap((method) =>
      CURRENCIES.flatMap((currency) =>
        [false, true].map(
          (isSubscription) =>
            providerChannel(method as Exclude<typeof method, 'naver_pay'>, currency, { isSubscription }).pg,
        ),
      ),
    ),
    WALLET_PG,
    DIRECT_DEPOSIT_PG,
  ]),
];

/** Console-only tier above Business (docs/console.md, custom plans): named like the catalogue's types. */
export const PLAN_TYPE_NAMES = [...PLAN_TYPES, 'PLUS'] as const;

/**
 * One table per kind of code a person may be shown (CONVENTIONS 12: a person reads names, not codes):
 * where its labels live (`namespace:path.` + code, in every language) and every code it must name.
 * Kinds whose table a screen already had keep it there; the kinds the site and the console share are in
 * `common`, `pay-methods` and `labels`. label-tables.test.ts fails on a code without a label in any of
 * the five languages.
 */
export const LABEL_TABLES = {
  payMethod: { key: 'pay-methods:', codes: [...PAY_METHODS, DIRECT_DEPOSIT_PAY_METHOD] },
  pg: { key: 'labels:pg.', codes: RECORDED_PGS },
  refundSource: { key: 'labels:refund_source.', codes: REFUND_SOURCES },
  refundWay: { key: 'labels:refund_way.', codes: REFUND_WAY_NAMES },
  handRefundMeans: { key: 'labels:hand_refund_means.', codes: HAND_REFUND_MEANS },
  planType: { key: 'common:plan_type.', codes: PLAN_TYPE_NAMES },
  planPeriod: { key: 'common:plan_period.', codes: PLAN_PERIODS },
  planStatus: { key: 'labels:plan_status.', codes: PLAN_STATUSES },
  paymentType: { key: 'labels:payment_type.', codes: PAYMENT_TYPES },
  paymentStatus: { key: 'labels:payment_status.', codes: PAYMENT_STATUSES },
  orderStatus: { key: 'labels:order_status.', codes: ORDER_STATUSES },
  sessionStatus: { key: 'labels:session_status.', codes: PAYMENT_SESSION_STATUSES },
  referralType: { key: 'labels:referral_type.', codes: REFERRAL_TYPES },
  clientType: { key: 'labels:client_type.', codes: CLIENT_TYPES },
  cashReceiptState: { key: 'console-payments:cash_receipt.', codes: CASH_RECEIPT_STATES },
  taxInvoiceState: { key: 'console-tax-invoices:state.', codes: TAX_INVOICE_STATES },
  ledgerKind: { key: 'console-finance:ledger.kinds.', codes: LEDGER_KINDS },
  role: { key: 'console-shell:role.', codes: STAFF_ROLES },
  staffStatus: { key: 'console-staff:status.', codes: STAFF_STATUSES },
  auditKind: { key: 'console-audit:kind.', codes: AUDIT_KINDS },
  auditOutcome: { key: 'console-audit:outcome.', codes: AUDIT_OUTCOMES },
  activity: { key: 'console-users:activity.actions.', codes: ADMIN_ACTIONS },
  attentionKind: { key: 'console-attention:kind.', codes: ATTENTION_KINDS },
  surveyActionType: { key: 'console-surveys:action_type.', codes: SMART_SURVEY_ACTION_TYPES },
} as const satisfies Record<string, { key: string; codes: readonly string[] }>;

export type LabelKind = keyof typeof LABEL_TABLES;
