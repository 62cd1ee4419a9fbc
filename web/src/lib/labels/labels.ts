import type { TFunction } from 'i18next';
import { PERIOD_PREFIX, PLAN_PERIODS } from '../../../../shared/plans/plan-types.ts';
import { PRODUCT_REFUND_SOURCE } from '../../../../shared/refunds/refund-session.ts';
import { type RefundWay, refundWayName } from '../../../../shared/refunds/refund-ways.ts';
import { LABEL_TABLES, type LabelKind, PLAN_TYPE_NAMES } from './label-tables.ts';

/**
 * The names of codes in the reader's language (label-tables.ts). A code no table names (an item older
 * than its kind's list) is shown as it is, rather than as an i18n key.
 */
export function codeLabel(t: TFunction, kind: LabelKind, code: string): string {
  return t(`${LABEL_TABLES[kind].key}${code}`, { defaultValue: code });
}

/** Each code of the label tables with the first table naming it (a code two tables share: LABEL_TABLES' order). */
const TABLE_OF_CODE = new Map<string, LabelKind>();
for (const [kind, table] of Object.entries(LABEL_TABLES) as [LabelKind, { codes: readonly string[] }][])
  for (const code of table.codes) if (!TABLE_OF_CODE.has(code)) TABLE_OF_CODE.set(code, kind);

/**
 * A code named where the text does not say which kind it is (a reason the server wrote, a recorded value no
 * field maps to a table): its label, a plan code's name; undefined for anything that is no code.
 */
export function anyCodeLabel(t: TFunction, code: string): string | undefined {
  const kind = TABLE_OF_CODE.get(code);
  if (kind) return codeLabel(t, kind, code);
  const plan = planNameLabel(t, code);
  return plan === code ? undefined : plan;
}

export const payMethodLabel = (t: TFunction, code: string) => codeLabel(t, 'payMethod', code);
export const pgLabel = (t: TFunction, code: string) => codeLabel(t, 'pg', code);
export const roleLabel = (t: TFunction, code: string) => codeLabel(t, 'role', code);

/**
 * Where a refund's money goes, named by the way it goes back: through the provider it goes back to the
 * payment's own method (a phone bill, a KakaoPay balance, a card; PayPal is a card payment on its own pg),
 * so the provider route is named by the payment's method when it is known, never as a card company's.
 * From the product's account it goes by bank transfer in won, and by hand outside the provider in another
 * currency (shared/refunds/refund-ways.ts), with how once paid (`paidVia`).
 */
export function refundSourceLabel(
  t: TFunction,
  source: string,
  payment?: {
    payMethod?: string | undefined;
    pg?: string | undefined;
    currency?: string | undefined;
    paidVia?: string | undefined;
  },
): string {
  const method = payment?.pg === 'paypal' ? 'paypal' : payment?.payMethod;
  if (source === 'portone' && method)
    return t('labels:refund_source.portone_method', { method: payMethodLabel(t, method) });
  if (source === PRODUCT_REFUND_SOURCE && payment?.currency && payment.currency !== 'KRW') {
    const byHand = codeLabel(t, 'refundWay', 'by_hand');
    return payment.paidVia ? `${byHand} (${codeLabel(t, 'handRefundMeans', payment.paidVia)})` : byHand;
  }
  return codeLabel(t, 'refundSource', source);
}

/** A way the refund screen offers, by its name: a provider cancel by the payment's method (above). */
export function refundWayLabel(
  t: TFunction,
  way: RefundWay,
  payment: { payMethod: string; pg: string; currency: string },
): string {
  const name = refundWayName(way);
  if (name === 'by_hand') return codeLabel(t, 'refundWay', name);
  return refundSourceLabel(t, way.source, payment);
}

/**
 * A plan code (`Y1_LIGHT_V3`, `MR_STANDARD`, a custom `M3_PLUS_ACME`, `FREE`) by its tier and period:
 * "Light · 1-year pass". A name that does not follow the pattern is shown as it is.
 */
export function planNameLabel(t: TFunction, planName: string): string {
  const [prefix = '', type = ''] = planName.split('_');
  if (planName === 'FREE') return codeLabel(t, 'planType', 'FREE');
  const period = PLAN_PERIODS.find((candidate) => PERIOD_PREFIX[candidate] === prefix);
  const tier = PLAN_TYPE_NAMES.find((candidate) => candidate === type);
  if (!period || !tier) return planName;
  return `${codeLabel(t, 'planType', tier)} · ${codeLabel(t, 'planPeriod', period)}`;
}

/** A language code (`ko`, `zh-TW`) by its name in the reader's language (the browser's own names). */
export function languageLabel(readerLanguage: string, code: string): string {
  try {
    return new Intl.DisplayNames([readerLanguage], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}
