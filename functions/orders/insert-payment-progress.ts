import { insertPaymentProgress } from '../../shared/api/orders.ts';
import { insertPaymentProgress as createMerchantOrder } from '../core/orders/progress.ts';
import { defineHandler } from '../core/pipeline.ts';
import { insertUpgradeProgress } from '../core/upgrades/upgrade.ts';

// One route serves both orders (the legacy contract's isUpgrade flag): the handler picks the domain, so
// that the order and upgrade modules need not import each other.
export const handler = defineHandler(insertPaymentProgress, async (input, { sourceIp }) => {
  const request = { ...input, buyerIp: sourceIp };
  return input.isUpgrade ? insertUpgradeProgress(request) : createMerchantOrder(request);
});
