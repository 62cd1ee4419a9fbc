import { upgradeRecurrentNaverPay } from '../../shared/api/upgrades.ts';
import { upgradeWalletSubscription } from '../core/orders/upgrade.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(upgradeRecurrentNaverPay, async (input) => ({
  ...(await upgradeWalletSubscription(input)),
  merchantUid: input.merchantUid,
}));
