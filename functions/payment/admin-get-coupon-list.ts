import { adminGetCouponList } from '../../shared/api/admin-coupons.ts';
import { adminCouponList } from '../core/orders/admin-coupons.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(adminGetCouponList, (input) => adminCouponList(input));
