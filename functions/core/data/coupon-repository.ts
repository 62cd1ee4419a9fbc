import { holdLapsed } from '../../../shared/coupons/coupon-holds.ts';
import { Conflict, NotFound } from '../errors.ts';
import { tableService } from './client.ts';
import type {
  CouponBonusQuotaItem,
  CouponDiscountItem,
  CouponItem,
  CouponRedemptionItem,
} from './entities/coupon.ts';
import {
  CouponBonusQuota as CouponBonusQuotaEntity,
  CouponDiscount as CouponDiscountEntity,
  Coupon as CouponEntity,
  CouponRedemption as CouponRedemptionEntity,
} from './entities/coupon.ts';
import { type PagedQuery, pagedQuery, pageOptions } from './list-page.ts';
import type { TransactionEntities } from './transaction.ts';

const db = tableService({
  coupon: CouponEntity,
  couponBonusQuota: CouponBonusQuotaEntity,
  couponDiscount: CouponDiscountEntity,
  couponRedemption: CouponRedemptionEntity,
});

export type Coupon = CouponItem;
export type CouponDiscount = CouponDiscountItem;
export type CouponBonusQuota = CouponBonusQuotaItem;
export type CouponRedemption = CouponRedemptionItem;

/** A coupon with its discounts and bonus quotas per plan. */
export interface CouponRules {
  coupon: Coupon;
  discounts: CouponDiscount[];
  bonusQuotas: CouponBonusQuota[];
}

const isConditionFailure = (error: unknown) =>
  String((error as Error).message).includes('conditional request failed');

/** A coupon and its rules, read in one query of its partition (the couponRules collection). */
export async function getCouponRules(couponCode: string): Promise<CouponRules | undefined> {
  const { data } = await db().collections.couponRules({ couponCode }).go({ pages: 'all' });
  const [coupon] = data.coupon;
  return coupon && { coupon, discounts: data.couponDiscount, bonusQuotas: data.couponBonusQuota };
}

export async function getCoupon(couponCode: string): Promise<Coupon | undefined> {
  const { data } = await db().entities.coupon.get({ couponCode }).go();
  return data ?? undefined;
}

/** Every coupon, newest first (the console's list, a page at a time). */
export function couponsQuery(): PagedQuery<Coupon> {
  const { coupon } = db().entities;
  return pagedQuery(coupon, 'allCoupons', (page) =>
    coupon.query.allCoupons({}).go({ ...pageOptions(page), order: 'desc' }),
  );
}

/** Creates a coupon with all of its total free to take; a code in use is a Conflict. */
export async function createCoupon(
  coupon: Pick<Coupon, 'couponCode' | 'name' | 'totalAmount' | 'startedAt' | 'expiredAt' | 'description'> & {
    createdBy: string;
  },
): Promise<Coupon> {
  try {
    const { data } = await db()
      .entities.coupon.create({ ...coupon, remainAmount: coupon.totalAmount })
      .go();
    return data;
  } catch (error) {
    if (isConditionFailure(error)) throw new Conflict(`The coupon code ${coupon.couponCode} is taken`);
    throw error;
  }
}

/**
 * Edits a coupon. A change of total moves the free count by the same amount (what was taken stays
 * taken), on the condition that nothing changed the total or the start since the caller read `current`
 * and that the free count cannot go below zero; a Conflict otherwise (the console shows 'Save failed').
 */
export async function updateCoupon(
  current: Coupon,
  edit: Pick<Coupon, 'name' | 'totalAmount' | 'startedAt' | 'expiredAt' | 'description'>,
): Promise<Coupon> {
  const delta = edit.totalAmount - current.totalAmount;
  try {
    const { data } = await db()
      .entities.coupon.patch({ couponCode: current.couponCode })
      .set(edit)
      .add({ remainAmount: delta })
      .where(
        (attr, op) =>
          `${op.eq(attr.totalAmount, current.totalAmount)} AND ${op.eq(attr.startedAt, current.startedAt)} AND ${op.gte(attr.remainAmount, -delta)}`,
      )
      .go({ response: 'all_new' });
    return data as Coupon;
  } catch (error) {
    if (isConditionFailure(error)) throw new Conflict('The coupon changed meanwhile, or too many are taken');
    throw error;
  }
}

export async function listCouponDiscounts(couponCode: string): Promise<CouponDiscount[]> {
  const { data } = await db().entities.couponDiscount.query.byCoupon({ couponCode }).go({ pages: 'all' });
  return data;
}

export async function createCouponDiscount(
  discount: Omit<CouponDiscount, 'created'>,
): Promise<CouponDiscount> {
  try {
    const { data } = await db().entities.couponDiscount.create(discount).go();
    return data;
  } catch (error) {
    if (isConditionFailure(error)) throw new Conflict(`${discount.planName} already has a discount`);
    throw error;
  }
}

export async function updateCouponDiscount(
  discount: Omit<CouponDiscount, 'created'>,
): Promise<CouponDiscount> {
  const { couponCode, planName, ...prices } = discount;
  try {
    const { data } = await db()
      .entities.couponDiscount.patch({ couponCode, planName })
      .set(prices)
      .go({ response: 'all_new' });
    return data as CouponDiscount;
  } catch (error) {
    if (isConditionFailure(error)) throw new NotFound(`The discount of ${planName}`);
    throw error;
  }
}

export async function deleteCouponDiscount(couponCode: string, planName: string): Promise<void> {
  try {
    await db()
      .entities.couponDiscount.delete({ couponCode, planName })
      .where((attr, op) => op.exists(attr.rate))
      .go();
  } catch (error) {
    if (isConditionFailure(error)) throw new NotFound(`The discount of ${planName}`);
    throw error;
  }
}

export async function listCouponBonusQuotas(couponCode: string): Promise<CouponBonusQuota[]> {
  const { data } = await db().entities.couponBonusQuota.query.byCoupon({ couponCode }).go({ pages: 'all' });
  return data;
}

export async function putCouponBonusQuota(
  bonus: Pick<CouponBonusQuota, 'couponCode' | 'planName' | 'quota'>,
): Promise<CouponBonusQuota> {
  const { data } = await db().entities.couponBonusQuota.put(bonus).go();
  return data;
}

export async function deleteCouponBonusQuota(couponCode: string, planName: string): Promise<void> {
  try {
    await db()
      .entities.couponBonusQuota.delete({ couponCode, planName })
      .where((attr, op) => op.exists(attr.quota))
      .go();
  } catch (error) {
    if (isConditionFailure(error)) throw new NotFound(`The bonus quota of ${planName}`);
    throw error;
  }
}

/** Every redemption of a coupon (held and used); at most the coupon's total. */
export async function listCouponRedemptions(couponCode: string): Promise<CouponRedemption[]> {
  const { data } = await db().entities.couponRedemption.query.byCoupon({ couponCode }).go({ pages: 'all' });
  return data;
}

/** A coupon's redemptions in uid order, a page at a time (the console's usage list). */
export function couponRedemptionsQuery(couponCode: string): PagedQuery<CouponRedemption> {
  const { couponRedemption } = db().entities;
  return pagedQuery(couponRedemption, 'byCoupon', (page) =>
    couponRedemption.query.byCoupon({ couponCode }).go(pageOptions(page)),
  );
}

export async function getCouponRedemption(couponCode: string, uid: string) {
  const { data } = await db().entities.couponRedemption.get({ couponCode, uid }).go();
  return data ?? undefined;
}

/**
 * The transaction items that give an account's order a coupon, decided from the account's redemption
 * as last read (`existing`); the conditions make them fail if it changed meanwhile:
 * - none yet: one is taken from the coupon (only while some are free and the coupon is in its window);
 * - held for this order: it stays (and becomes the usage record at the grant);
 * - held for another of the account's orders (an abandoned checkout): the hold moves to this order;
 * - `asUsed`: the redemption is written straight as the usage record (a paid order whose hold was lost).
 * A redemption already used cannot be given again: the caller refuses before asking.
 */
export function couponTakeItems(
  tx: Pick<TransactionEntities, 'coupon' | 'couponRedemption'>,
  input: {
    couponCode: string;
    uid: string;
    merchantUid: string;
    heldUntil: number;
    nowMs: number;
    existing: CouponRedemption | undefined;
    usage?: Partial<CouponRedemption>;
  },
) {
  const { couponCode, uid, merchantUid, heldUntil, existing, usage } = input;
  const status = usage ? ('used' as const) : ('held' as const);
  if (existing) {
    const ownHold = existing.status === 'held' && existing.merchantUid === merchantUid;
    return [
      tx.couponRedemption
        .patch({ couponCode, uid })
        .set({ merchantUid, status, heldUntil, ...usage })
        .where(
          (attr, op) => `${op.eq(attr.status, 'held')} AND ${op.eq(attr.merchantUid, existing.merchantUid)}`,
        )
        .commit(),
      // The order's own hold keeps its price whatever the coupon's window does meanwhile.
      ...(ownHold
        ? []
        : [
            tx.coupon
              .check({ couponCode })
              .where(
                (attr, op) =>
                  `${op.lte(attr.startedAt, input.nowMs)} AND ${op.gte(attr.expiredAt, input.nowMs)}`,
              )
              .commit(),
          ]),
    ];
  }
  return [
    tx.couponRedemption.create({ couponCode, uid, merchantUid, status, heldUntil, ...usage }).commit(),
    tx.coupon
      .patch({ couponCode })
      .subtract({ remainAmount: 1 })
      .where(
        (attr, op) =>
          `${op.gt(attr.remainAmount, 0)} AND ${op.lte(attr.startedAt, input.nowMs)} AND ${op.gte(attr.expiredAt, input.nowMs)}`,
      )
      .commit(),
  ];
}

/** The transaction items that give a held coupon back: the hold (still this order's) goes, one is freed. */
export function couponReleaseItems(
  tx: Pick<TransactionEntities, 'coupon' | 'couponRedemption'>,
  hold: { couponCode: string; uid: string; merchantUid: string },
) {
  const { couponCode, uid, merchantUid } = hold;
  return [
    tx.couponRedemption
      .delete({ couponCode, uid })
      .where((attr, op) => `${op.eq(attr.status, 'held')} AND ${op.eq(attr.merchantUid, merchantUid)}`)
      .commit(),
    tx.coupon.patch({ couponCode }).add({ remainAmount: 1 }).commit(),
  ];
}

/**
 * Gives a held coupon back (its time ran out), only if it is still held for that order: one
 * transaction deletes the hold and frees one coupon. False when there was nothing to give.
 */
export async function releaseCouponHold(couponCode: string, uid: string, merchantUid: string) {
  const { canceled } = await db()
    .transaction.write((tx) => couponReleaseItems(tx, { couponCode, uid, merchantUid }))
    .go();
  return !canceled;
}

/** Gives back every hold of a coupon whose time has run out; answers how many were freed. */
export async function releaseExpiredHolds(couponCode: string, nowMs: number): Promise<number> {
  const lapsed = (await listCouponRedemptions(couponCode)).filter((redemption) =>
    holdLapsed(redemption, nowMs),
  );
  const released = await Promise.all(
    lapsed.map((hold) => releaseCouponHold(couponCode, hold.uid, hold.merchantUid)),
  );
  return released.filter(Boolean).length;
}
