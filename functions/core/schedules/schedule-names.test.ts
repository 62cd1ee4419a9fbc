import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SCHEDULER_NAME_PATTERN } from '../../../shared/jobs/schedules.ts';
import { newMerchantUid } from '../../../shared/payments/merchant-uid.ts';
import { renewalScheduleName } from '../subscriptions/renewal-schedule.ts';
import { entryName } from './admin-schedules.ts';

// The names the product gives its schedules, at their longest, against EventBridge Scheduler's rule (at
// most 64 of [0-9a-zA-Z-_.]): a name the service refuses would leave a renewal or an admin schedule's run
// unscheduled in AWS while every local test passed.

/** The last second of year 9999: the most digits an instant can take. */
const LATEST_MS = Date.UTC(9999, 11, 31, 23, 59, 59);

describe('schedule names', () => {
  it("keeps a renewal's name (plan, period end, attempt) within the scheduler's rule", () => {
    for (const attempt of [0, 3, 999]) {
      const name = renewalScheduleName({
        uid: 'u'.repeat(64),
        planId: newMerchantUid('order'),
        periodEnd: LATEST_MS,
        attempt,
      });
      expect(name).toMatch(SCHEDULER_NAME_PATTERN);
    }
  });

  it("keeps an admin schedule run's name (schedule, revision, run time) within the scheduler's rule", () => {
    for (let sample = 0; sample < 50; sample += 1) {
      const name = entryName({
        // As admin schedules are created: 12 random bytes in base64url, whose `-` and `_` are allowed.
        adminScheduleId: randomBytes(12).toString('base64url'),
        revision: 9_999_999,
        scheduledAt: LATEST_MS,
      });
      expect(name).toMatch(SCHEDULER_NAME_PATTERN);
    }
  });

  it('is the rule the service states', () => {
    expect('a'.repeat(64)).toMatch(SCHEDULER_NAME_PATTERN);
    for (const refused of ['a'.repeat(65), '', 'with space', 'colon:x', 'slash/x', 'plus+x', '한글'])
      expect(refused).not.toMatch(SCHEDULER_NAME_PATTERN);
    for (const allowed of ['A-Z_a.z-0', '...', '-_-']) expect(allowed).toMatch(SCHEDULER_NAME_PATTERN);
  });
});
