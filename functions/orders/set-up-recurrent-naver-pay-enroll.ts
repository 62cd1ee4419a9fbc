import { setUpRecurrentNaverPayEnroll } from '../../shared/api/orders.ts';
import { setUpWalletEnrolment } from '../core/orders/wallet.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(setUpRecurrentNaverPayEnroll, async (input) => ({
  reserveId: await setUpWalletEnrolment(input),
}));
