import { adminAffiliatePaymentSettlements } from '../../shared/api/affiliates.ts';
import { paymentSettlements } from '../core/affiliates/settlements.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

export const handler = defineHandler(adminAffiliatePaymentSettlements, async (range) => ({
  result: await paymentSettlements(range),
}));
