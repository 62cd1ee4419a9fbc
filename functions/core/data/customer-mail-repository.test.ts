import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../../shared/api/routes.ts';
import { QUEUES } from '../../../shared/jobs/queues.ts';
import { SCHEDULED_TARGETS } from '../../../shared/jobs/schedules.ts';
import { ROUTE_TIMEOUT_SECONDS } from '../../../shared/timeouts.ts';
import { ABANDONED_CLAIM_MS } from './customer-mail-repository.ts';

/**
 * A mail's claim is taken again once abandoned: only a run that can no longer be alive may have left it,
 * so the window is longer than any function that sends mail may run (Lambda stops it at its timeout).
 */
describe('an abandoned mail claim', () => {
  it('is older than the longest run of any function that may send a mail', () => {
    const sendsMail = (grants: readonly string[] | undefined) => grants?.includes('mail:send') ?? false;
    const longest = Math.max(
      ...ROUTES.filter((route) => sendsMail(route.grants)).map(() => ROUTE_TIMEOUT_SECONDS),
      ...SCHEDULED_TARGETS.filter((target) => sendsMail(target.grants)).map(
        (target) => target.timeoutSeconds ?? 30,
      ),
      // Queue consumers hold every grant of the jobs they run.
      ...QUEUES.map((queue) => queue.consumerTimeoutSeconds),
    );
    expect(ABANDONED_CLAIM_MS).toBeGreaterThan(longest * 1000);
  });
});
