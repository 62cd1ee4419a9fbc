import { adminAffiliateInfo } from '../../shared/api/affiliates.ts';
import { getAffiliate } from '../core/data/affiliate-repository.ts';
import { NotFound } from '../core/errors.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

export const handler = defineHandler(adminAffiliateInfo, async ({ couponCode }) => {
  const affiliate = await getAffiliate(couponCode);
  if (!affiliate) throw new NotFound(`Affiliate ${couponCode}`);
  return { result: affiliate };
});
