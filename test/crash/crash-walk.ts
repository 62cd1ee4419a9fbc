import { inject } from 'vitest';
import { send } from '../integration/helpers.ts';
import {
  armCrash,
  type CrashPoint,
  coldStart,
  crashResult,
  lastCallsOf,
  type TracedCall,
} from './crash-control.ts';

/**
 * A money step walked through every point its function can stop at (issue 40): the step run once whole to
 * count its outgoing calls, then, for each call k that may change something (a read's points are the point
 * before it: `isRead`), ended once after the call was sent (the peer did its work, the function never saw
 * the answer) and once after its answer came (nothing else left the function), and once after the handler
 * returned but before the answer was sent; each time on fresh data,
 * followed by the retry a person or the provider would make. The clock is then moved past every re-check,
 * and each walk's data is compared: the provider's money against the product's payments, plans, ledger,
 * refunds, mails and attention page.
 */
export interface MoneyStep<Context> {
  /** What the step is, in the product's words. */
  name: string;
  /** The function to end (its route's name, or a target's or consumer's id as the runtime lists it). */
  functionName: string;
  /** The data the step starts from (a customer, an order, a plan), made through the real routes. */
  prepare(): Promise<Context>;
  /** Text that only this walk's invocations carry (a merchantUid, an account id): whose call to end. */
  matchOf(context: Context): string;
  /** The step itself: the call whose function is ended (or what makes the provider or scheduler call it). */
  act(context: Context): Promise<unknown>;
  /** What comes next: the person pressing again, the provider notifying again; what it answered. */
  retry(context: Context): Promise<unknown>;
  /** The retry's answer says what happened (an empty list), or why it does not. */
  answerProblems?(context: Context, answer: unknown): string[];
  /**
   * After the clock passed every re-check: where the provider and the product disagree (empty: none).
   * `at` is the outgoing call the function was ended at (as the ended invocation made it).
   */
  disagreements(context: Context, point: CrashPoint | undefined, at?: TracedCall): Promise<string[]>;
}

export interface Walked {
  step: string;
  point: CrashPoint | undefined;
  /** The call the function was ended at (its label: the peer and the operation). */
  at?: string | undefined;
  reached: boolean | undefined;
  problems: string[];
}

/** The points after a read (sent or answered) the walks so far did not walk again: each is the point before. */
export const sameAsEarlier = { points: 0 };

/** Moves the runtime's test clock forward, firing what falls due on the way. */
export async function advanceClock(seconds: number): Promise<void> {
  const answer = await send(new URL('/_local/clock', inject('apiUrl')), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advanceSeconds: seconds }),
  });
  if (answer.status !== 200) throw new Error(`The test clock did not move: ${JSON.stringify(answer.body)}`);
}

/** Past every re-check a stopped step may wait for: a refund's and an order's (a day), in steps. */
export async function passTheRechecks(): Promise<void> {
  for (const minutes of [3, 3, 10, 60, 6 * 60, 24 * 60, 24 * 60]) await advanceClock(minutes * 60);
}

async function mapLimited<T, R>(items: readonly T[], limit: number, each: (item: T) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      for (let index = next++; index < items.length; index = next++) {
        results[index] = await each(items[index] as T);
      }
    }),
  );
  return results;
}

/**
 * Walks one money step: every crash point, `parallel` walks at a time (each ends only its own data's
 * invocation: the crash is armed with the walk's match). Answers each walk's outcome.
 */
export async function walkStep<Context>(
  step: MoneyStep<Context>,
  options: { parallel?: number; settle?: () => Promise<void> } = {},
): Promise<Walked[]> {
  const whole = await step.prepare();
  // Each crash point's invocation runs in a new process: so does the run that counts the calls.
  await coldStart(step.functionName);
  await step.act(whole);
  const calls = await lastCallsOf(step.functionName, step.matchOf(whole));
  const points: Array<CrashPoint | undefined> = [
    undefined,
    // Ended after a read was sent or answered, the function leaves the world as it was after the call before
    // it was answered (a read changes nothing at its peer): those points are that earlier one, walked once.
    ...calls.flatMap((call, index) =>
      isRead(call)
        ? []
        : [
            { call: index + 1, when: 'sent' as const },
            { call: index + 1, when: 'answered' as const },
          ],
    ),
    { handler: 'returned' as const },
  ];
  sameAsEarlier.points += calls.filter(isRead).length * 2;
  const walks = await mapLimited(points.slice(1), options.parallel ?? 3, async (point) => {
    const context = await step.prepare();
    const armed = await armCrash({ functionName: step.functionName, match: step.matchOf(context), point });
    await step.act(context).catch(() => undefined);
    const { reached, call } = await crashResult(armed);
    const answer = await step.retry(context).catch((error: unknown) => error);
    return { point, context, reached, endedAt: call ?? callAt(calls, point), answer };
  });
  await (options.settle ?? passTheRechecks)();
  const outcomes: Walked[] = [
    {
      step: step.name,
      point: undefined,
      reached: undefined,
      problems: await step.disagreements(whole, undefined),
    },
  ];
  for (const walk of walks) {
    const at = walk.endedAt;
    const problems = [
      ...(step.answerProblems?.(walk.context, walk.answer) ?? []),
      ...(await step.disagreements(walk.context, walk.point, at)),
    ];
    outcomes.push({ step: step.name, point: walk.point, at: at?.label, reached: walk.reached, problems });
  }
  return outcomes;
}

export function describePoint(point: CrashPoint | undefined): string {
  if (!point) return 'no crash';
  return 'handler' in point ? 'after the handler returned' : `call ${point.call} ${point.when}`;
}

function callAt(calls: readonly TracedCall[], point: CrashPoint | undefined): TracedCall | undefined {
  return point && 'call' in point ? calls[point.call - 1] : undefined;
}

/**
 * Whether the function was ended at its mail's hand-over to SES: there, and only there, a mail may go twice
 * (SES has no idempotency key: docs/crash-safety.md, "Where exactly-once cannot hold").
 */
export function endedAtMailSend(at: TracedCall | undefined): boolean {
  return at !== undefined && /SendEmail/i.test(at.label);
}

/**
 * Calls that change nothing where they are sent: the table's and the secrets' reads, HTTP GETs, and the
 * provider's access token (PortOne's `POST /users/getToken` issues a token and moves no money).
 */
const READS =
  /^(dynamodb:(GetItem|BatchGetItem|Query|Scan|DescribeTable)|secretsmanager:GetSecretValue|ssm:GetParameters?|GET |POST \S+ \/users\/getToken)/;

export function isRead(call: TracedCall): boolean {
  return READS.test(call.label);
}
