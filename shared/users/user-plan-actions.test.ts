import { describe, expect, it } from 'vitest';
import { DIRECT_DEPOSIT_CUSTOMER_UID } from '../direct-deposits/direct-deposit.ts';
import {
  canUpdateContactInfo,
  type PlanState,
  type UserDetailAction,
  userDetailActionPath,
  userDetailActions,
  validPlanName,
} from './user-plan-actions.ts';

const NOW = Date.UTC(2030, 5, 1);
const DAY = 86_400_000;
const user = { uid: 'u-1', name: 'Kim Min', email: 'kim@example.com' };

function plan(overrides: Partial<PlanState> = {}): PlanState {
  return {
    created: NOW - 10 * DAY,
    planName: 'MR_STANDARD_V3',
    paidAt: NOW - 10 * DAY,
    expiredAt: NOW + 20 * DAY,
    planStatus: 'PAID',
    isSubscription: true,
    customerUid: 'cus_abc',
    ...overrides,
  };
}

const always: UserDetailAction[] = ['customPlan', 'usages', 'paymentProgress'];
const grant: UserDetailAction[] = ['directDeposit', 'directDepositSchedule'];

describe('the navigation buttons of the user detail (section 4)', () => {
  const cases: Array<[string, { plans: PlanState[]; hasPayments: boolean }, UserDetailAction[]]> = [
    ['a user who never bought anything', { plans: [], hasPayments: false }, [...always, ...grant]],
    [
      'a paying subscriber',
      { plans: [plan()], hasPayments: true },
      [...always, 'unsubscribe', 'userContactInfo', 'refund'],
    ],
    [
      'a subscriber whose renewal was cancelled, not yet expired',
      { plans: [plan({ planStatus: 'UNSCHEDULED' })], hasPayments: true },
      [...always, 'resubscribe', 'refund'],
    ],
    [
      'a fixed-term pass, not yet expired (nothing to resubscribe)',
      {
        plans: [plan({ planName: 'Y1_LIGHT_V3', planStatus: 'UNSCHEDULED', isSubscription: false })],
        hasPayments: true,
      },
      [...always, 'refund'],
    ],
    [
      'a fixed-term pass that expired',
      {
        plans: [plan({ planStatus: 'UNSCHEDULED', isSubscription: false, expiredAt: NOW - DAY })],
        hasPayments: true,
      },
      [...always, ...grant],
    ],
    [
      'a cancelled subscription that expired',
      { plans: [plan({ planStatus: 'UNSCHEDULED', expiredAt: NOW - DAY })], hasPayments: true },
      [...always, ...grant, 'resubscribe'],
    ],
    [
      'a subscription whose renewal failed (HOLD)',
      { plans: [plan({ planStatus: 'HOLD' })], hasPayments: true },
      [...always, ...grant],
    ],
    [
      'a subscription that expires exactly now',
      { plans: [plan({ expiredAt: NOW })], hasPayments: true },
      [...always, ...grant, 'unsubscribe', 'userContactInfo', 'refund'],
    ],
    [
      'a direct-deposit plan still running',
      { plans: [plan({ customerUid: DIRECT_DEPOSIT_CUSTOMER_UID })], hasPayments: true },
      [...always, 'refund'],
    ],
    [
      'a direct-deposit pass still running',
      {
        plans: [plan({ planStatus: 'UNSCHEDULED', customerUid: DIRECT_DEPOSIT_CUSTOMER_UID })],
        hasPayments: true,
      },
      [...always, 'refund'],
    ],
    [
      'plans but no payment record',
      { plans: [plan()], hasPayments: false },
      [...always, ...grant, 'unsubscribe', 'userContactInfo', 'refund'],
    ],
    ['a plan without paidAt', { plans: [plan({ paidAt: undefined })], hasPayments: true }, [...always]],
    [
      'the latest plan decides, not an older one',
      {
        plans: [
          plan({ created: NOW - 400 * DAY, expiredAt: NOW - 35 * DAY }),
          plan({ created: NOW - 5 * DAY, planStatus: 'UNSCHEDULED', isSubscription: false }),
        ],
        hasPayments: true,
      },
      [...always, 'refund'],
    ],
  ];

  it.each(cases)('%s', (_label, state, expected) => {
    const shown = userDetailActions({ user, now: NOW, ...state }).map(({ action }) => action);
    expect(new Set(shown)).toEqual(new Set(expected));
    expect(shown).toHaveLength(expected.length);
  });

  it('keeps the order of the buttons fixed', () => {
    expect(userDetailActions({ user, now: NOW, plans: [], hasPayments: false }).map((b) => b.action)).toEqual(
      ['customPlan', 'directDeposit', 'directDepositSchedule', 'usages', 'paymentProgress'],
    );
  });
});

describe('where the buttons lead', () => {
  it.each([
    ['customPlan', '/admin/customPlan/create'],
    ['directDeposit', '/admin/users/u-1/directDeposit/create'],
    ['directDepositSchedule', '/admin/schedule/create?uid=u-1&userName=Kim+Min&userEmail=kim%40example.com'],
    ['unsubscribe', '/admin/users/u-1/unsubscribe'],
    ['resubscribe', '/admin/users/u-1/resubscribe'],
    ['userContactInfo', '/admin/users/u-1/userContactInfo'],
    ['refund', '/admin/users/u-1/refund'],
    ['usages', '/admin/users/u-1/usages'],
    ['paymentProgress', '/admin/users/u-1/paymentProgress'],
  ] as const)('%s goes to %s', (action, path) => {
    expect(userDetailActionPath(action, user)).toBe(path);
  });

  it('escapes a uid in the path', () => {
    expect(userDetailActionPath('refund', { ...user, uid: 'a/b' })).toBe('/admin/users/a%2Fb/refund');
  });
});

describe('the valid plan', () => {
  it.each([
    ['no plan', [], 'FREE'],
    ['a plan not yet expired', [plan()], 'MR_STANDARD_V3'],
    ['a plan on hold, not yet expired', [plan({ planStatus: 'HOLD' })], 'MR_STANDARD_V3'],
    ['an expired plan', [plan({ expiredAt: NOW - 1 })], 'FREE'],
    ['a plan expiring exactly now', [plan({ expiredAt: NOW })], 'FREE'],
    [
      'the latest plan when it expired, even if an older one runs',
      [plan({ planName: 'Y3_LIGHT', created: NOW - 90 * DAY }), plan({ expiredAt: NOW - 1 })],
      'FREE',
    ],
  ] as const)('%s: %s', (_label, plans, name) => {
    expect(validPlanName(plans, NOW)).toBe(name);
  });
});

describe('updating the contact info', () => {
  it.each([
    ['a paying subscriber', plan(), true],
    ['no plan', undefined, false],
    ['a cancelled subscription', plan({ planStatus: 'UNSCHEDULED' }), false],
    ['a direct-deposit plan', plan({ customerUid: DIRECT_DEPOSIT_CUSTOMER_UID }), false],
    ['a plan never paid', plan({ paidAt: undefined }), false],
  ] as const)('%s: %s', (_label, latest, allowed) => {
    expect(canUpdateContactInfo(latest)).toBe(allowed);
  });
});
