import { getVbankIssuedInfo } from '../../shared/api/orders.ts';
import { vbankIssuedInfo } from '../core/orders/vbank.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(getVbankIssuedInfo, async (input) => ({
  vbankIssuedInfo: await vbankIssuedInfo(input.guid, input.merchantUid),
}));
