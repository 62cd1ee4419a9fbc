import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminCreateCoupon,
  adminCreateCouponDiscountInfo,
  adminDeleteCouponBonusQuota,
  adminDeleteCouponDiscountInfo,
  adminGetCoupon,
  adminGetCouponBonusQuotas,
  adminGetCouponDiscountInfos,
  adminGetCouponList,
  adminGetCouponUsageInfos,
  adminUpdateCoupon,
  adminUpdateCouponDiscountInfo,
  adminUpsertCouponBonusQuota,
} from '../../../../../shared/api/admin-coupons.ts';
import type { RouteInput } from '../../../../../shared/api/define-route.ts';
import { adminCall, adminKey } from '../../../lib/console/admin-api.ts';

/** The twelve coupon calls of the console, as queries and writes keyed under the coupon's code. */
export const couponsKey = adminKey('coupons');
const couponKey = (code: string, part: string) => [...couponsKey, code, part] as const;

export const couponListQuery = () =>
  queryOptions({ queryKey: couponsKey, queryFn: async () => (await adminCall(adminGetCouponList, {})).data });
export const useCouponList = () => useQuery(couponListQuery());

export const couponQuery = (couponCode: string) =>
  queryOptions({
    queryKey: couponKey(couponCode, 'coupon'),
    queryFn: async () => (await adminCall(adminGetCoupon, { couponCode })).data,
  });
export const useCoupon = (couponCode: string) => useQuery(couponQuery(couponCode));

export const useCouponDiscounts = (couponCode: string) =>
  useQuery({
    queryKey: couponKey(couponCode, 'discounts'),
    queryFn: async () => (await adminCall(adminGetCouponDiscountInfos, { couponCode })).data,
  });

export const useCouponBonusQuotas = (couponCode: string) =>
  useQuery({
    queryKey: couponKey(couponCode, 'bonus-quotas'),
    queryFn: async () => (await adminCall(adminGetCouponBonusQuotas, { couponCode })).data,
  });

export const useCouponUsages = (couponCode: string) =>
  useQuery({
    queryKey: couponKey(couponCode, 'usages'),
    queryFn: async () => (await adminCall(adminGetCouponUsageInfos, { couponCode })).data,
  });

/** A coupon write; afterwards the coupon's rows and the list are read again (a coupon's rows are few). */
function useCouponWrite<Input>(call: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: couponsKey }),
  });
}

export function useCouponWrites() {
  return {
    create: useCouponWrite((input: RouteInput<typeof adminCreateCoupon>) =>
      adminCall(adminCreateCoupon, input),
    ),
    update: useCouponWrite((input: RouteInput<typeof adminUpdateCoupon>) =>
      adminCall(adminUpdateCoupon, input),
    ),
    createDiscount: useCouponWrite((input: RouteInput<typeof adminCreateCouponDiscountInfo>) =>
      adminCall(adminCreateCouponDiscountInfo, input),
    ),
    updateDiscount: useCouponWrite((input: RouteInput<typeof adminUpdateCouponDiscountInfo>) =>
      adminCall(adminUpdateCouponDiscountInfo, input),
    ),
    deleteDiscount: useCouponWrite((input: RouteInput<typeof adminDeleteCouponDiscountInfo>) =>
      adminCall(adminDeleteCouponDiscountInfo, input),
    ),
    upsertBonusQuota: useCouponWrite((input: RouteInput<typeof adminUpsertCouponBonusQuota>) =>
      adminCall(adminUpsertCouponBonusQuota, input),
    ),
    deleteBonusQuota: useCouponWrite((input: RouteInput<typeof adminDeleteCouponBonusQuota>) =>
      adminCall(adminDeleteCouponBonusQuota, input),
    ),
  };
}
