import { requestSendCoolsms } from '../../shared/api/orders.ts';
import { sendVbankText } from '../core/orders/vbank.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(requestSendCoolsms, async (input) => ({
  sent: await sendVbankText(input.guid, input.merchantUid),
}));
