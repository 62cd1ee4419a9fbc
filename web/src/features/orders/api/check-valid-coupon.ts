import type { RouteInput, RouteOutput } from '../../../../../shared/api/define-route.ts';
import { checkValidCoupon } from '../../../../../shared/api/orders.ts';
import { callRoute } from '../../../lib/api-client.ts';

export function fetchCouponCheck(
  input: RouteInput<typeof checkValidCoupon>,
): Promise<RouteOutput<typeof checkValidCoupon>> {
  return callRoute(checkValidCoupon, input);
}
