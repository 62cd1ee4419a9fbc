import { adminAffiliateSignUpSettlements } from '../../shared/api/affiliates.ts';
import { signUpSettlements } from '../core/affiliates/settlements.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

export const handler = defineHandler(adminAffiliateSignUpSettlements, async (range) => ({
  result: await signUpSettlements(range),
}));
