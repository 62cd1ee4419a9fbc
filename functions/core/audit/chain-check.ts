import { DateTime } from 'luxon';
import * as z from 'zod';
import { attentionCaseId } from '../../../shared/attention/attention-cases.ts';
import { AUDIT_CHAIN_CHECK_TARGET } from '../../../shared/jobs/schedules.ts';
import { KST_ZONE } from '../../../shared/time/kst.ts';
import { scheduleOnce } from '../adapters/scheduler.ts';
import { nowMs } from '../clock.ts';
import type { NewAttentionCase } from '../data/attention-repository.ts';
import { type ChainBreak, chainBreaks } from '../data/audit-chain.ts';
import { chainedMonths, kstMonthOf, listChainBreakOnce, monthChain } from '../data/audit-trail-repository.ts';
import { logger } from '../logger.ts';
import { countMetric } from '../observability.ts';
import { OVERDUE_DELAY_MS } from '../subscriptions/renewal-schedule.ts';

/**
 * The chain check (issue 39): every month's chain of audit entries read back and checked
 * (audit-chain.ts). A break is an attention case (`audit_chain_broken`, one per month and place, listed
 * once) and counts `AuditChainBroken`, which alarms. It runs every hour, each run scheduling the next
 * (as the daily reconciliation does); an hourly run checks the current and the previous KST month, the
 * one at 04:00 KST every month there is. `npm run audit:verify` runs the same check by hand.
 */
export const ChainCheckEventSchema = z.object({
  /** Every month rather than the current and the previous one. */
  full: z.boolean().default(false),
  /** Only check: list nothing, count nothing (`npm run audit:verify -- --dry`). */
  dryRun: z.boolean().default(false),
  /** The months to check (yyyy-MM), instead of those above. */
  months: z.array(z.string().regex(/^\d{4}-\d{2}$/)).optional(),
});
export type ChainCheckEvent = z.input<typeof ChainCheckEventSchema>;

/** The KST hour of the daily run that checks every month. */
export const FULL_CHECK_HOUR_KST = 4;

export interface ChainCheckSummary {
  months: string[];
  entries: number;
  breaks: Array<ChainBreak & { month: string }>;
  /** Of them, newly listed on the attention page by this run. */
  listed: number;
}

/** The next run: at the next full hour (KST), checking every month when that hour is the daily one. */
export function nextChainCheck(at: number): { name: string; at: number; full: boolean } {
  const hour = DateTime.fromMillis(at, { zone: KST_ZONE }).startOf('hour').plus({ hours: 1 });
  return {
    name: `audit-chain-${hour.toFormat('yyyy-MM-dd-HH')}`,
    at: Math.max(hour.toMillis(), at + OVERDUE_DELAY_MS),
    full: hour.hour === FULL_CHECK_HOUR_KST,
  };
}

/** Makes sure the next run is scheduled (called at deployment, at `npm start` and by every run). */
export async function ensureChainCheckScheduled(at: number = nowMs()): Promise<string> {
  const next = nextChainCheck(at);
  await scheduleOnce({
    name: next.name,
    at: new Date(next.at),
    targetId: AUDIT_CHAIN_CHECK_TARGET.id,
    payload: { full: next.full } satisfies ChainCheckEvent,
  });
  return next.name;
}

/** What an operator reads on the attention page about a break. */
const REASONS: Record<ChainBreak['kind'], string> = {
  altered: 'changed after it was written (its hash no longer matches the chain)',
  missing: 'deleted (its place in the chain is empty)',
  duplicate: 'a second entry written at the same place, outside the product',
  unchained: 'written outside the product (it has no place in the chain)',
  head: "the chain's head is missing",
};

function breakCase(month: string, found: ChainBreak): NewAttentionCase {
  const place = found.lane ? `chain ${found.lane}, entry #${found.seq}` : 'an entry';
  const subject = `${month}/${found.lane}/${found.seq}${found.entryId && found.kind !== 'altered' ? `/${found.entryId}` : ''}`;
  return {
    caseId: attentionCaseId('audit_chain_broken', `${found.kind}/${subject}`),
    kind: 'audit_chain_broken',
    uid: '',
    reason: `Audit trail ${month}, ${place}${found.entryId ? ` (${found.entryId})` : ''}: ${REASONS[found.kind]}`,
    source: month,
  };
}

/** The months a run checks: those asked for, every chained month, or the current and the previous one. */
async function monthsOf(event: z.output<typeof ChainCheckEventSchema>, now: number): Promise<string[]> {
  if (event.months) return event.months;
  const chained = await chainedMonths();
  if (event.full) return chained;
  const current = kstMonthOf(now);
  const previous = DateTime.fromMillis(now, { zone: KST_ZONE }).minus({ months: 1 }).toFormat('yyyy-MM');
  return chained.filter((month) => month === current || month === previous);
}

export async function checkAuditChain(
  input: ChainCheckEvent = {},
  now: number = nowMs(),
): Promise<ChainCheckSummary> {
  const event = ChainCheckEventSchema.parse(input);
  const months = await monthsOf(event, now);
  const summary: ChainCheckSummary = { months, entries: 0, breaks: [], listed: 0 };
  for (const month of months) {
    const { heads, entries } = await monthChain(month);
    summary.entries += entries.length;
    for (const found of chainBreaks(month, entries, heads)) {
      summary.breaks.push({ ...found, month });
      if (event.dryRun) continue;
      if (await listChainBreakOnce(breakCase(month, found), now)) {
        summary.listed += 1;
        countMetric('auditChainBroken');
        logger.error('Audit trail chain broken', { month, ...found });
      }
    }
  }
  return summary;
}

/** A scheduled run: the next one first (a run that then fails still leaves the next), then the check. */
export async function runChainCheck(input: ChainCheckEvent): Promise<ChainCheckSummary> {
  await ensureChainCheckScheduled();
  const summary = await checkAuditChain(input);
  const counts = { months: summary.months.length, entries: summary.entries, breaks: summary.breaks.length };
  if (summary.breaks.length)
    logger.warn('Audit trail chain checked: broken', { ...counts, listed: summary.listed });
  else logger.info('Audit trail chain checked', counts);
  return summary;
}
