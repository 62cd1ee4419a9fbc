import type { AdminCoupon } from '../../../shared/api/coupons.ts';
import type { ListPageRequest } from '../../../shared/api/list-page.ts';
import {
  type BonusQuota,
  COUPON_CODE_PATTERN,
  calculatedBonusQuota,
  couponEditProblem,
  isBonusQuotaFeature,
  isBonusQuotaPlan,
  isDiscountPlan,
  newCouponProblem,
  normalizeCouponCode,
} from '../../../shared/coupons/coupon-rules.ts';
import { discountedPrice } from '../../../shared/payments/prices.ts';
import type { PlanPriceInfo } from '../../../shared/plans/plan-types.ts';
import { nowMs } from '../clock.ts';
import {
  type Coupon,
  type CouponDiscount,
  couponRedemptionsQuery,
  couponsQuery,
  createCoupon,
  createCouponDiscount,
  deleteCouponBonusQuota,
  deleteCouponDiscount,
  getCoupon,
  listCouponBonusQuotas,
  listCouponDiscounts,
  putCouponBonusQuota,
  updateCoupon,
  updateCouponDiscount,
} from '../data/coupon-repository.ts';
import { readPage } from '../data/list-page.ts';
import { DEFAULT_CATALOGUE, getPlanCatalogue } from '../data/plan-catalogue-repository.ts';
import { AdminError } from '../errors.ts';

/**
 * The console's coupon calls (admin-console.md sections 5, 7 and 9): the create and edit validations
 * with their messages, discounts computed from a rate, bonus quotas per plan (or the plan type's
 * calculated share), and who used a coupon. Discounts and bonus quotas name plans of the built-in
 * catalogue: coupons are for the plans sold on the site.
 */
const iso = (ms: number) => new Date(ms).toISOString();

function invalid(message: string): AdminError {
  return new AdminError('invalid_argument', message);
}

export function toAdminCoupon(coupon: Coupon): AdminCoupon {
  return {
    couponCode: coupon.couponCode,
    name: coupon.name,
    totalAmount: coupon.totalAmount,
    remainAmount: coupon.remainAmount,
    startedAt: iso(coupon.startedAt),
    expiredAt: iso(coupon.expiredAt),
    description: coupon.description,
    created: iso(coupon.created),
  };
}

async function existingCoupon(code: string): Promise<Coupon> {
  const coupon = await getCoupon(normalizeCouponCode(code));
  if (!coupon) throw new AdminError('not_found', 'Cannot find coupon code');
  return coupon;
}

interface CouponInput {
  couponCode: string;
  name: string;
  totalAmount: number;
  startedAt: string;
  expiredAt: string;
  description: string;
}

function fields(input: CouponInput) {
  return {
    name: input.name,
    totalAmount: input.totalAmount,
    startedAt: Date.parse(input.startedAt),
    expiredAt: Date.parse(input.expiredAt),
    description: input.description,
  };
}

/**
 * The coupon list, newest first, a page at a time; `search` keeps the coupons whose code starts with it
 * or whose name holds it (in any letter case).
 */
export async function adminCouponList(
  request: { search?: string | undefined } & ListPageRequest,
): Promise<{ data: AdminCoupon[]; cursor: string | null }> {
  const search = request.search?.trim().toLowerCase() ?? '';
  const keep = (coupon: Coupon) =>
    !search ||
    coupon.couponCode.toLowerCase().startsWith(search) ||
    coupon.name.toLowerCase().includes(search);
  const { rows, cursor } = await readPage('coupons', [couponsQuery()], request, keep);
  return { data: rows.map(toAdminCoupon), cursor };
}

export async function adminCoupon(code: string): Promise<AdminCoupon> {
  return toAdminCoupon(await existingCoupon(code));
}

export async function adminCreateCoupon(input: CouponInput, operator: string): Promise<AdminCoupon> {
  const couponCode = normalizeCouponCode(input.couponCode);
  if (!COUPON_CODE_PATTERN.test(couponCode)) {
    throw invalid('Coupon code must be 10 capital letters or digits');
  }
  const coupon = fields(input);
  const problem = newCouponProblem(coupon, nowMs());
  if (problem) throw invalid(problem);
  return toAdminCoupon(await createCoupon({ couponCode, ...coupon, createdBy: operator }));
}

export async function adminUpdateCoupon(input: CouponInput): Promise<AdminCoupon> {
  const current = await existingCoupon(input.couponCode);
  const edit = fields(input);
  const problem = couponEditProblem(edit, current, nowMs());
  if (problem) throw invalid(problem);
  return toAdminCoupon(await updateCoupon(current, edit));
}

async function builtInPlan(
  planName: string,
): Promise<{ plan: PlanPriceInfo; catalogue: Awaited<ReturnType<typeof getPlanCatalogue>> }> {
  const catalogue = await getPlanCatalogue(DEFAULT_CATALOGUE);
  const plan = catalogue.prices.find((candidate) => candidate.name === planName);
  if (!plan) throw invalid(`Unknown plan ${planName}`);
  return { plan, catalogue };
}

/** Rows are added only before the coupon starts (the console hides the add forms after). */
function refuseAfterStart(coupon: Coupon): void {
  if (coupon.startedAt <= nowMs()) throw invalid('Rows can only be added before the coupon starts');
}

function discountOf(couponCode: string, plan: PlanPriceInfo, rate: number) {
  if (!isDiscountPlan(plan)) {
    throw invalid('Discounts are for LIGHT and STANDARD plans, monthly, annual or one-year');
  }
  return {
    couponCode,
    planName: plan.name,
    rate,
    priceKo: discountedPrice(plan.priceKo, rate, 'KRW'),
    priceJa: discountedPrice(plan.priceJa, rate, 'JPY'),
    priceEn: discountedPrice(plan.priceEn, rate, 'USD'),
  };
}

/** A discount as the console shows it (its stored fields, without the record's timestamps). */
const discountRow = ({ created: _created, ...row }: CouponDiscount) => row;

export async function adminCouponDiscounts(code: string) {
  const coupon = await existingCoupon(code);
  return (await listCouponDiscounts(coupon.couponCode)).map(discountRow);
}

/** Adds a discount for a plan (before the coupon starts) or changes an existing one's rate. */
export async function adminSaveCouponDiscount(
  input: { couponCode: string; planName: string; rate: number },
  mode: 'create' | 'update',
) {
  const coupon = await existingCoupon(input.couponCode);
  if (mode === 'create') refuseAfterStart(coupon);
  const { plan } = await builtInPlan(input.planName);
  const discount = discountOf(coupon.couponCode, plan, input.rate);
  return discountRow(
    await (mode === 'create' ? createCouponDiscount(discount) : updateCouponDiscount(discount)),
  );
}

export async function adminDeleteCouponDiscount(input: { couponCode: string; planName: string }) {
  const coupon = await existingCoupon(input.couponCode);
  await deleteCouponDiscount(coupon.couponCode, input.planName);
}

export async function adminCouponBonusQuotas(code: string) {
  const coupon = await existingCoupon(code);
  return (await listCouponBonusQuotas(coupon.couponCode)).map(({ couponCode, planName, quota }) => ({
    couponCode,
    planName,
    quota,
  }));
}

/**
 * Sets a plan's bonus quota: the given amounts (only the four feature types), or without them the
 * plan type's calculated share, which Business, Free and Custom plans do not have. Adding a plan's
 * quota is refused once the coupon has started; changing an existing one is not.
 */
export async function adminUpsertCouponBonusQuota(input: {
  couponCode: string;
  planName: string;
  quota?: Record<string, number> | undefined;
}) {
  const coupon = await existingCoupon(input.couponCode);
  const { plan, catalogue } = await builtInPlan(input.planName);
  if (!isBonusQuotaPlan(plan))
    throw invalid('Bonus quotas are for LIGHT and STANDARD monthly and annual plans');
  const existing = (await listCouponBonusQuotas(coupon.couponCode)).some((row) => row.planName === plan.name);
  if (!existing) refuseAfterStart(coupon);
  let quota: BonusQuota | undefined;
  if (input.quota) {
    const unknown = Object.keys(input.quota).find((feature) => !isBonusQuotaFeature(feature));
    if (unknown) throw invalid('Invalid feature type');
    quota = input.quota;
  } else {
    const usage = catalogue.usages.find((candidate) => candidate.planType === plan.planType);
    quota = usage && calculatedBonusQuota(usage);
    if (!quota) throw invalid(`No quota calculation for ${plan.planType} plans`);
  }
  const stored = await putCouponBonusQuota({ couponCode: coupon.couponCode, planName: plan.name, quota });
  return { couponCode: stored.couponCode, planName: stored.planName, quota: stored.quota };
}

export async function adminDeleteCouponBonusQuota(input: { couponCode: string; planName: string }) {
  const coupon = await existingCoupon(input.couponCode);
  await deleteCouponBonusQuota(coupon.couponCode, input.planName);
}

/** Who used a coupon (its paid redemptions), in uid order, a page at a time. */
export async function adminCouponUsages(code: string, page: ListPageRequest) {
  const coupon = await existingCoupon(code);
  const { rows, cursor } = await readPage(
    `coupon-usages-${coupon.couponCode}`,
    [couponRedemptionsQuery(coupon.couponCode)],
    page,
    (redemption) => redemption.status === 'used',
  );
  const data = rows.map((usage) => ({
    uid: usage.uid,
    userName: usage.userName ?? '',
    userEmail: usage.userEmail ?? '',
    merchantUid: usage.merchantUid,
    ...(usage.customerUid ? { customerUid: usage.customerUid } : {}),
    planName: usage.planName ?? '',
    payMethod: usage.payMethod ?? '',
    price: usage.price ?? 0,
    currency: usage.currency ?? '',
    status: usage.status,
    paidAt: iso(usage.paidAt ?? usage.updated),
    created: iso(usage.created),
  }));
  return { data, cursor };
}
