import type { ServerResponse } from 'node:http';
import * as z from 'zod';

/**
 * Slow providers: the next requests to a path of the sandbox's server-to-server APIs (PortOne's REST API,
 * the Naver Pay wallet's) are carried out at once (a charge is made, a cancel done, the notification
 * sent) and answered only `delayMs` later, on the wall clock, as a provider under load answers after the
 * caller's time limit (shared/timeouts.ts: an outside call gives up after 5 s, a route's function after
 * 20 s). A caller that gave up by then never gets the answer; the work stays done.
 */
export interface SlowAnswer {
  id: string;
  /** A request's method, when only that one is slow. */
  method?: string;
  /** The request's path on the sandbox's server (`/subscribe/payments/again`); ending in `*`, every path it starts. */
  path: string;
  delayMs: number;
  times: number;
  /** How many of the next matching requests will still answer late. */
  left: number;
  /** Each request answered late: when it came, and whether its caller was still there for the answer. */
  held: Array<{ method: string; path: string; at: string; answered?: boolean }>;
}

export const SlowAnswerSchema = z.strictObject({
  method: z
    .string()
    .transform((method) => method.toUpperCase())
    .optional(),
  path: z.string().startsWith('/'),
  // Past the function's time limit and API Gateway's 30 s, not past a test's patience.
  delayMs: z.number().int().min(1).max(120_000),
  times: z.number().int().min(1).max(1000).default(1),
});

export class SlowAnswers {
  private readonly answers: SlowAnswer[] = [];
  private readonly waiting = new Set<NodeJS.Timeout>();
  private sequence = 0;

  arm(request: z.output<typeof SlowAnswerSchema>): SlowAnswer {
    this.sequence += 1;
    const answer: SlowAnswer = {
      id: `slow-${this.sequence}`,
      ...(request.method ? { method: request.method } : {}),
      path: request.path,
      delayMs: request.delayMs,
      times: request.times,
      left: request.times,
      held: [],
    };
    this.answers.push(answer);
    return answer;
  }

  /**
   * Called before the request is carried out: when a slow answer is armed for it, the answer the API then
   * writes is held back for its delay (the work is done meanwhile).
   */
  hold(method: string, path: string, res: ServerResponse): void {
    const answer = this.answers.find(
      (candidate) =>
        candidate.left > 0 &&
        (!candidate.method || candidate.method === method) &&
        (candidate.path.endsWith('*')
          ? path.startsWith(candidate.path.slice(0, -1))
          : candidate.path === path),
    );
    if (!answer) return;
    answer.left -= 1;
    const held: SlowAnswer['held'][number] = { method, path, at: new Date().toISOString() };
    answer.held.push(held);
    answerLate(res, answer.delayMs, this.waiting, (answered) => {
      held.answered = answered;
    });
  }

  /** The sandbox stops: the answers still held are never sent (their callers' connections end with it). */
  stop(): void {
    for (const timer of this.waiting) clearTimeout(timer);
    this.waiting.clear();
  }

  list(): SlowAnswer[] {
    return this.answers;
  }

  /** No request answers late any more. */
  clear(): number {
    let dropped = 0;
    for (const answer of this.answers) {
      dropped += answer.left;
      answer.left = 0;
    }
    return dropped;
  }
}

/**
 * Whatever the API writes on `res` goes out `delayMs` after it wrote it (its work done), unless the caller
 * has gone by then.
 */
function answerLate(
  res: ServerResponse,
  delayMs: number,
  waiting: Set<NodeJS.Timeout>,
  done: (answered: boolean) => void,
): void {
  const steps: Array<() => void> = [];
  const writeHead = res.writeHead;
  const end = res.end;
  res.writeHead = ((...args: Parameters<typeof res.writeHead>) => {
    steps.push(() => writeHead.apply(res, args));
    return res;
  }) as typeof res.writeHead;
  res.end = ((...args: Parameters<typeof res.end>) => {
    steps.push(() => end.apply(res, args));
    const timer = setTimeout(() => {
      waiting.delete(timer);
      const gone = res.destroyed || res.socket?.destroyed !== false;
      if (!gone) for (const step of steps) step();
      done(!gone);
    }, delayMs);
    waiting.add(timer);
    return res;
  }) as typeof res.end;
}
