import type { RouteInput, RouteOutput } from '../../../../../shared/api/define-route.ts';
import { payOrder } from '../../../../../shared/api/orders.ts';
import { callRoute } from '../../../lib/api-client.ts';

/** The pay button's command (pay-order): the phone check, the account type and the merchant order. */
export const fetchPayOrder = (input: RouteInput<typeof payOrder>): Promise<RouteOutput<typeof payOrder>> =>
  callRoute(payOrder, input);
