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
} from '../../../../../shared/api/coupons.ts';
import type { RouteInput, RouteOutput } from '../../../../../shared/api/define-route.ts';
import type { ListPageRequest } from '../../../../../shared/api/list-page.ts';
import type { BonusQuota } from '../../../../../shared/coupons/coupon-rules.ts';
import { usePagedList } from '../../../components/console/list/paged-list.ts';
import { useUndoableWrite } from '../../../components/console/use-undoable-write.ts';
import { adminCall, adminKey } from '../../../lib/console/admin-api.ts';

/** The twelve coupon calls of the console, as queries and writes keyed under the coupon's code. */
export const couponsKey = adminKey('coupons');
const couponKey = (code: string, part: string) => [...couponsKey, code, part] as const;

const couponRowsOf = <Answer extends { data: readonly unknown[] }>(page: Answer) =>
  page.data as Answer['data'];

/** The coupons, newest first, a page at a time; `search` keeps codes starting with it, names holding it. */
export const couponList = (search: string) => ({
  queryKey: [...couponsKey, 'list', search],
  fetchPage: (page: ListPageRequest) =>
    adminCall(adminGetCouponList, { ...(search ? { search } : {}), ...page }),
  rowsOf: couponRowsOf<RouteOutput<typeof adminGetCouponList>>,
});
export const useCouponList = (search: string) => usePagedList(couponList(search));

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

/** Who used a coupon, a page at a time. */
export const useCouponUsages = (couponCode: string) =>
  usePagedList({
    queryKey: couponKey(couponCode, 'usages'),
    fetchPage: (page: ListPageRequest) => adminCall(adminGetCouponUsageInfos, { couponCode, ...page }),
    rowsOf: couponRowsOf<RouteOutput<typeof adminGetCouponUsageInfos>>,
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

/**
 * A discount row as the console shows it. Its prices are the server's, computed from its rate: while a
 * rate edit waits for its toast, the row shows them as being recomputed (never the old rate's prices
 * beside the new rate), and the server's answer fills them in.
 */
export type ShownDiscount = RouteOutput<typeof adminUpdateCouponDiscountInfo>['data'] & {
  pricesPending?: boolean;
};

/**
 * A coupon's rows edited in place (a discount's rate, a bonus quota): undoable (issue 19), the row shown
 * changed at once and the write sent when its toast goes unless undone (use-undoable-write.ts). The
 * server's answer then replaces the row (a discount's prices are computed there).
 */
export function useCouponRowEdits(couponCode: string) {
  const queryClient = useQueryClient();
  const undoableWrite = useUndoableWrite();
  const edit = <Row extends { planName: string }>(
    part: 'discounts' | 'bonus-quotas',
    change: Pick<Row, 'planName'> & Partial<Row>,
    send: () => Promise<{ data: Row }>,
  ) => {
    const showRow = (row: Partial<Row> & { planName: string }) =>
      queryClient.setQueryData<Row[]>(couponKey(couponCode, part), (rows) =>
        rows?.map((shown) => (shown.planName === row.planName ? { ...shown, ...row } : shown)),
      );
    return undoableWrite({
      queryKeys: [couponKey(couponCode, part)],
      show: () => showRow(change),
      send,
      sent: (answer) => showRow(answer.data),
    });
  };
  return {
    rate: (planName: string, rate: number) =>
      edit<ShownDiscount>('discounts', { planName, rate, pricesPending: true }, async () => {
        const { data } = await adminCall(adminUpdateCouponDiscountInfo, { couponCode, planName, rate });
        return { data: { ...data, pricesPending: false } };
      }),
    bonusQuota: (planName: string, quota: BonusQuota) =>
      edit('bonus-quotas', { planName, quota }, () =>
        adminCall(adminUpsertCouponBonusQuota, { couponCode, planName, quota }),
      ),
  };
}
