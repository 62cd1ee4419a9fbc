import { adminGetCouponList } from '../../shared/api/coupons.ts';
import { adminCouponList } from '../core/coupons/admin-coupons.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

export const handler = defineHandler(adminGetCouponList, (input) => adminCouponList(input));
