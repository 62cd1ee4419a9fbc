import { upgradeRecurrentNaverPay } from '../../shared/api/upgrades.ts';
import { defineHandler } from '../core/pipeline.ts';
import { upgradeWalletSubscription } from '../core/upgrades/upgrade.ts';

export const handler = defineHandler(upgradeRecurrentNaverPay, async (input) => ({
  ...(await upgradeWalletSubscription(input)),
  merchantUid: input.merchantUid,
}));
