import { startRecurrentNaverPay } from '../../shared/api/orders.ts';
import { startWalletSubscription } from '../core/orders/wallet.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(startRecurrentNaverPay, async (input) => ({
  ...(await startWalletSubscription(input)),
  merchantUid: input.merchantUid,
}));
