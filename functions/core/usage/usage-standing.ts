import type { PlanType } from '../../../shared/plans/plan-types.ts';
import {
  counterFor,
  countsAsReset,
  freeResetDate,
  isMeteredUsageType,
  LIMIT_FIELD,
  METERED_USAGE_TYPES,
  type MeteredUsageType,
  PLAN_USAGE_FIELD,
  paidResetDate,
  USAGE_TYPES,
  type UsageType,
} from '../../../shared/usage/usage-rules.ts';
import { nowMs } from '../clock.ts';
import { DEFAULT_CATALOGUE, getPlanCatalogue } from '../data/plan-catalogue-repository.ts';
import type { CounterGroup, UsageCounters } from '../data/usage-repository.ts';
import { getUsageCounters, getUsageCountersOf } from '../data/usage-repository.ts';
import { activeUserPlan, activeUserPlans, type UserPlan } from '../data/user-plan-repository.ts';

/**
 * Where an account stands this month: which counters it records to (its active plan's, else the FREE
 * month's), when that month began, its limits (the plan's, which already include the coupon's bonus
 * quota, else FREE's from the default catalogue) and what it has used (zero for a month that has
 * passed: the reset rule, applied on read).
 */
export interface UsageStanding {
  uid: string;
  group: CounterGroup;
  plan: UserPlan | undefined;
  planType: PlanType;
  resetAt: number;
  limits: Record<MeteredUsageType, number>;
  used: Record<UsageType, number>;
  /** Whether the counters' month is the current one (else the next write restarts it). */
  current: boolean;
}

/** FREE's quotas change only with the catalogue; a warm function reads them once a minute at most. */
const FREE_LIMITS_TTL_MS = 60_000;
let freeLimits: { limits: Record<MeteredUsageType, number>; readAt: number } | undefined;

async function freePlanLimits(at: number): Promise<Record<MeteredUsageType, number>> {
  if (freeLimits && at - freeLimits.readAt < FREE_LIMITS_TTL_MS && at >= freeLimits.readAt) {
    return freeLimits.limits;
  }
  const { usages } = await getPlanCatalogue(DEFAULT_CATALOGUE);
  const free = usages.find((usage) => usage.planType === 'FREE');
  if (!free) throw new Error('The default catalogue has no FREE quotas');
  const limits = Object.fromEntries(
    METERED_USAGE_TYPES.map((type) => [type, free[PLAN_USAGE_FIELD[type]]]),
  ) as Record<MeteredUsageType, number>;
  freeLimits = { limits, readAt: at };
  return limits;
}

function planLimits(plan: UserPlan): Record<MeteredUsageType, number> {
  return Object.fromEntries(METERED_USAGE_TYPES.map((type) => [type, plan[LIMIT_FIELD[type]]])) as Record<
    MeteredUsageType,
    number
  >;
}

export async function usageStanding(uid: string, at = nowMs()): Promise<UsageStanding> {
  const [plan, counters] = await Promise.all([activeUserPlan(uid, at), getUsageCounters(uid)]);
  return standingOf(uid, plan, counters, at, plan ? planLimits(plan) : await freePlanLimits(at));
}

/**
 * Where many accounts stand at `at`, by uid, read together (a bulk job's message): their plan heads and
 * counters in one BatchGet each, the newest plan of each account that has a head, FREE's quotas once.
 */
export async function usageStandings(
  uids: readonly string[],
  at: number,
): Promise<Map<string, UsageStanding>> {
  const [plans, counters, free] = await Promise.all([
    activeUserPlans(uids, at),
    getUsageCountersOf(uids),
    freePlanLimits(at),
  ]);
  return new Map(
    uids.map((uid) => {
      const plan = plans.get(uid);
      return [uid, standingOf(uid, plan, counters.get(uid), at, plan ? planLimits(plan) : free)];
    }),
  );
}

function standingOf(
  uid: string,
  plan: UserPlan | undefined,
  counters: UsageCounters | undefined,
  at: number,
  limits: Record<MeteredUsageType, number>,
): UsageStanding {
  const group: CounterGroup = plan ? 'paid' : 'free';
  const resetAt = plan ? paidResetDate(plan.paidAt, at) : freeResetDate(at);
  const lastUpdated = plan ? counters?.paidLastUpdatedMonthly : counters?.lastUpdatedMonthly;
  const current = !countsAsReset(lastUpdated, resetAt);
  return {
    uid,
    group,
    plan,
    planType: plan?.planType ?? 'FREE',
    resetAt,
    limits,
    used: usedOf(counters, group, current),
    current,
  };
}

function usedOf(counters: UsageCounters | undefined, group: CounterGroup, current: boolean) {
  return Object.fromEntries(
    USAGE_TYPES.map((type) => {
      const counter = counterFor(type, group === 'paid');
      return [type, current && counter ? (counters?.[counter] ?? 0) : 0];
    }),
  ) as Record<UsageType, number>;
}

/** A standing as the app reads it: used versus limit per feature (counted features have no limit). */
export function standingView(standing: UsageStanding) {
  return {
    planName: standing.plan?.planName ?? null,
    planType: standing.planType,
    resetAt: standing.resetAt,
    usages: USAGE_TYPES.map((usageType) => ({
      usageType,
      used: standing.used[usageType],
      limit: isMeteredUsageType(usageType) ? standing.limits[usageType] : null,
    })),
  };
}
