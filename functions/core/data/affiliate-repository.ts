import type { AffiliateInput } from '../../../shared/affiliates/affiliate.ts';
import { tableService } from './client.ts';
import { Affiliate as AffiliateEntity, type AffiliateItem } from './entities/affiliate.ts';
import { type PagedQuery, pagedQuery, pageOptions } from './list-page.ts';

const db = tableService({ affiliate: AffiliateEntity });

export type Affiliate = AffiliateItem;

export async function getAffiliate(couponCode: string): Promise<Affiliate | undefined> {
  const { data } = await db().entities.affiliate.get({ couponCode: couponCode.toUpperCase() }).go();
  return data ?? undefined;
}

/** Every affiliate by coupon code, a page at a time (the console's list). */
export function affiliatesQuery(): PagedQuery<Affiliate> {
  const { affiliate } = db().entities;
  return pagedQuery(affiliate, 'allAffiliates', (page) =>
    affiliate.query.allAffiliates({}).go(pageOptions(page)),
  );
}

export async function listAffiliates(): Promise<Affiliate[]> {
  const { data } = await db().entities.affiliate.query.allAffiliates({}).go({ pages: 'all' });
  return data;
}

const isConditionFailure = (error: unknown) =>
  String((error as Error).message).includes('conditional request failed');

/**
 * Creates the affiliate of a code, or replaces the terms of the existing one (its created time kept).
 * A cleared reward currency is removed from the item.
 */
export async function putAffiliate(input: AffiliateInput): Promise<Affiliate> {
  const { affiliate } = db().entities;
  try {
    const { data } = await affiliate.create(input).go();
    return data;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  const { couponCode, signUpRewardCurrency, ...terms } = input;
  const patch = affiliate.patch({ couponCode }).set(terms);
  const { data } = await (signUpRewardCurrency
    ? patch.set({ signUpRewardCurrency })
    : patch.remove(['signUpRewardCurrency'])
  ).go({ response: 'all_new' });
  return data as Affiliate;
}
