import * as z from 'zod';
import { CURRENCIES } from '../currency.ts';
import { isFinancePeriod, LEDGER_KINDS } from '../finance/ledger.ts';
import { HAND_REFUND_MEANS } from '../refunds/hand-refunds.ts';
import { REFUND_SOURCES } from '../refunds/refund-session.ts';
import { INVALID_DATE_FORMAT } from '../time/kst.ts';
import { isKstDate } from '../time/kst-date-field.ts';
import { defineRoute } from './define-route.ts';
import { ListPageAnswerShape, ListPageRequestShape } from './list-page.ts';

/**
 * The finance view (issue 27, point 4; shared/finance/): the ledger's totals of a KST day or month per
 * currency and pay method, its entries a page at a time (the accountant's CSV), and the revenue page's
 * daily figures. Finance's routes: reads only, each a Query of the ledger's day partitions or of the
 * plans by end, never a scan.
 */
const Currency = z.enum(CURRENCIES);
/** A KST day `yyyy-MM-dd` or month `yyyy-MM`, from 2000 on (the product's own years). */
const Period = z
  .string()
  .trim()
  .max(10, INVALID_DATE_FORMAT)
  .refine((period) => isFinancePeriod(period) && period >= '2000', INVALID_DATE_FORMAT);
const Day = z
  .string()
  .trim()
  .max(10, INVALID_DATE_FORMAT)
  .refine((day) => isKstDate('date', day) && day >= '2000', INVALID_DATE_FORMAT);
/** Test payments (test channels and test-mode prices) are left out unless asked for. */
const IncludeTest = z.boolean().optional();

export const FinanceTotalSchema = z.object({
  currency: Currency,
  /** A pay method, or `all` for the currency's total. */
  payMethod: z.string(),
  gross: z.number(),
  refunded: z.number(),
  net: z.number(),
  payments: z.number(),
  refunds: z.number(),
});
export type FinanceTotalView = z.infer<typeof FinanceTotalSchema>;

export const LedgerEntrySchema = z.object({
  entryId: z.string(),
  kind: z.enum(LEDGER_KINDS),
  day: z.string(),
  at: z.number(),
  merchantUid: z.string(),
  uid: z.string(),
  /** The account's address now (absent when the account is gone). */
  userEmail: z.string().optional(),
  amount: z.number(),
  currency: Currency,
  payMethod: z.string(),
  pg: z.string(),
  planName: z.string(),
  paymentType: z.string(),
  refundSource: z.enum(REFUND_SOURCES).optional(),
  impUid: z.string().optional(),
  walletPaymentId: z.string().optional(),
  isTest: z.boolean(),
  timeEstimated: z.boolean().optional(),
  /** A refund by bank transfer (or by hand): the reference of the payment, given when it was marked paid. */
  transferReference: z.string().optional(),
  /** A refund returned by hand outside the provider: how it was paid. */
  paidVia: z.enum(HAND_REFUND_MEANS).optional(),
});
export type LedgerEntryView = z.infer<typeof LedgerEntrySchema>;

export const adminFinanceSummary = defineRoute({
  name: 'adminFinanceSummary',
  service: 'payment',
  method: 'POST',
  path: '/admin-finance-summary',
  caller: 'admin',
  role: 'finance',
  readOnly: true,
  summary:
    'Payments and refunds of a KST day (yyyy-MM-dd) or month (yyyy-MM) per currency and pay method: gross, ' +
    'refunded and net, and the counts; a refund counts on the day it was given. Test payments only when asked',
  request: z.object({ period: Period, includeTest: IncludeTest }),
  response: z.object({ result: z.object({ period: z.string(), totals: z.array(FinanceTotalSchema) }) }),
  handler: 'finance/admin-finance-summary',
  grants: ['table:read'],
});

export const FinanceLedgerFilterSchema = z.object({
  period: Period,
  includeTest: IncludeTest,
  kind: z.enum(LEDGER_KINDS).optional(),
  currency: Currency.optional(),
  payMethod: z.string().trim().min(1).max(32).optional(),
});
export type FinanceLedgerFilter = z.input<typeof FinanceLedgerFilterSchema>;

export const adminFinanceLedger = defineRoute({
  name: 'adminFinanceLedger',
  service: 'payment',
  method: 'POST',
  path: '/admin-finance-ledger',
  caller: 'admin',
  role: 'finance',
  readOnly: true,
  summary:
    'The payments and refunds of a KST day or month in time order, a page at a time (`cursor`): a Query of ' +
    "each day's ledger partition in turn; kind, currency and pay method filter the rows",
  request: FinanceLedgerFilterSchema.extend(ListPageRequestShape),
  response: z.object({ result: z.array(LedgerEntrySchema), ...ListPageAnswerShape }),
  handler: 'finance/admin-finance-ledger',
  grants: ['table:read'],
});

/** The most days the revenue page reads at once (a quarter): one ledger partition each. */
export const REVENUE_MAX_DAYS = 92;
export const REVENUE_RANGE_TOO_LONG = 'console-finance:revenue.range_too_long';

export const RevenueDaySchema = z.object({
  day: z.string(),
  currency: Currency,
  gross: z.number(),
  refunded: z.number(),
  net: z.number(),
});

export const SubscriptionDaySchema = z.object({
  day: z.string(),
  /** Running at the end of the day, per plan (`{TYPE} {PERIOD}`). */
  active: z.record(z.string(), z.number()),
  started: z.number(),
  ended: z.number(),
  mrr: z.partialRecord(Currency, z.number()),
});
export type SubscriptionDayView = z.infer<typeof SubscriptionDaySchema>;

export const adminRevenueReport = defineRoute({
  name: 'adminRevenueReport',
  service: 'payment',
  method: 'POST',
  path: '/admin-revenue-report',
  caller: 'admin',
  role: 'finance',
  readOnly: true,
  summary:
    'The revenue page of a range of KST days (at most a quarter, up to today): money per day and currency ' +
    '(gross, refunded, net), subscriptions running per plan, started and ended, and the monthly recurring ' +
    'revenue per currency (monthly price, a twelfth of an annual one; fixed-term passes do not recur)',
  request: z.object({ from: Day, to: Day, includeTest: IncludeTest }),
  response: z.object({
    result: z.object({
      days: z.array(z.string()),
      revenue: z.array(RevenueDaySchema),
      subscriptions: z.array(SubscriptionDaySchema),
    }),
  }),
  handler: 'finance/admin-revenue-report',
  grants: ['table:read'],
});

export const financeRoutes = [adminFinanceSummary, adminFinanceLedger, adminRevenueReport] as const;
