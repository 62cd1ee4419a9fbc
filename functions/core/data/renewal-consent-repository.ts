import type { Currency } from '../../../shared/currency.ts';
import { retentionTtl } from '../../../shared/data/record-retention.ts';
import type { PlanPeriod, PlanType } from '../../../shared/plans/plan-types.ts';
import type { ConsentChannel, PriceRiseReason } from '../../../shared/subscriptions/renewal-consent.ts';
import { tableService } from './client.ts';
import { RenewalConsent, type RenewalConsentItem } from './entities/renewal-consent.ts';
import { isConditionFailure } from './transaction.ts';

const db = tableService({ renewalConsent: RenewalConsent });

export type RenewalConsentRecord = RenewalConsentItem;
type PeriodKey = { uid: string; planId: string; periodEnd: number };

export async function getRenewalConsent(key: PeriodKey): Promise<RenewalConsentRecord | undefined> {
  const { data } = await db().entities.renewalConsent.get(key).go({ consistent: true });
  return data ?? undefined;
}

/** Every consent an account was asked for (the console's user detail), newest renewal first. */
export async function listRenewalConsents(uid: string): Promise<RenewalConsentRecord[]> {
  const { data } = await db().entities.renewalConsent.query.byPeriod({ uid }).go({ pages: 'all' });
  return data.sort((a, b) => b.periodEnd - a.periodEnd);
}

/**
 * Asks for the consent to `amount` for the plan `planName`: a period asked for that amount and plan
 * already keeps its answer (a repeated run asks nothing new); one asked for another amount or plan (a
 * change of plan scheduled, replaced or cancelled since) is asked afresh, its earlier answer set aside,
 * since a consent is to one amount for one plan. Answers the record and whether it was (re)asked now.
 */
export async function askRenewalConsent(
  ask: PeriodKey & {
    planName: string;
    planType: PlanType;
    period: PlanPeriod;
    currency: Currency;
    lastCharge: number;
    amount: number;
    reason: PriceRiseReason;
    askedAt: number;
  },
): Promise<{ consent: RenewalConsentRecord; asked: boolean }> {
  const existing = await getRenewalConsent(ask);
  if (existing && existing.amount === ask.amount && existing.planName === ask.planName)
    return { consent: existing, asked: false };
  const consent: RenewalConsentRecord = {
    ...ask,
    status: 'asked',
    ttl: retentionTtl(ask.periodEnd, 'contract'),
  };
  try {
    await db()
      .entities.renewalConsent.put(consent)
      .where(
        (attr, op) =>
          `${op.notExists(attr.status)} OR ${op.ne(attr.amount, ask.amount)} OR ${op.ne(attr.planName, ask.planName)}`,
      )
      .go();
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    // A concurrent run asked for the same amount first.
    const asked = await getRenewalConsent(ask);
    if (asked) return { consent: asked, asked: false };
    throw error;
  }
  return { consent, asked: true };
}

/**
 * Records the customer's answer to the consent asked for `amount`: consented, or declined (a consent
 * withdrawn is a decline after it). Refused (undefined) when the period was asked for another amount
 * since, or never asked.
 */
export async function answerRenewalConsent(
  answer: PeriodKey & { amount: number; choice: 'consent' | 'decline'; via: ConsentChannel; at: number },
): Promise<RenewalConsentRecord | undefined> {
  const { uid, planId, periodEnd, amount, choice, via, at } = answer;
  const changes =
    choice === 'consent'
      ? { status: 'consented' as const, consentedAt: at, consentedVia: via }
      : { status: 'declined' as const, declinedAt: at, declinedVia: via };
  try {
    const { data } = await db()
      .entities.renewalConsent.patch({ uid, planId, periodEnd })
      .set(changes)
      .where((attr, op) => op.eq(attr.amount, amount))
      .go({ response: 'all_new' });
    return data as RenewalConsentRecord;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}
