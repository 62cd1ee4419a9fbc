import { payOrder } from '../../shared/api/orders.ts';
import { payOrder as pay } from '../core/orders/pay-order.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(payOrder, (input, { sourceIp }) => pay({ ...input, buyerIp: sourceIp }));
