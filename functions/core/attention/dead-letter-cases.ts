import { createHash } from 'node:crypto';
import type { SQSRecord } from 'aws-lambda';
import { attentionCaseId } from '../../../shared/attention/attention-cases.ts';
import {
  DEAD_LETTER_SOURCES,
  type DeadLetterSource,
  deadLetterArnVariable,
} from '../../../shared/attention/dead-letters.ts';
import type { QueueId } from '../../../shared/jobs/queues.ts';
import { SCHEDULED_TARGETS, scheduledTargetArnVariable } from '../../../shared/jobs/schedules.ts';
import { sendMessageBatch } from '../adapters/queue.ts';
import { scheduleOnce } from '../adapters/scheduler.ts';
import { nowMs } from '../clock.ts';
import {
  type AttentionCase,
  claimRetry,
  type NewAttentionCase,
  raiseCase,
  settleCase,
} from '../data/attention-repository.ts';
import { getOrder } from '../data/order-reads.ts';
import { activityCommit, type Operator } from '../data/user-activity-repository.ts';
import { getUser } from '../data/user-repository.ts';
import { AdminError } from '../errors.ts';
import { BulkJobMessageSchema } from '../jobs/item-processors.ts';
import { countMetric } from '../observability.ts';
import { environment } from '../settings.ts';
import { OVERDUE_DELAY_MS } from '../subscriptions/renewal-schedule.ts';

/**
 * Dead letters as attention cases (shared/attention/dead-letters.ts): one case per dead-lettered
 * message, named by its message id, so a message the dead-letter queue delivers again raises nothing
 * more. A retry sends the bulk message to its queue again, or schedules the run's target once more
 * with the same input (every bulk item and every target is idempotent); of two operators pressing at
 * once one retries.
 */
export async function raiseDeadLetterCase(record: SQSRecord): Promise<void> {
  const source = DEAD_LETTER_SOURCES.find(
    (candidate) => environment(deadLetterArnVariable(candidate.id)) === record.eventSourceARN,
  );
  if (!source) throw new Error(`No dead-letter queue has the ARN ${record.eventSourceARN}`);
  const open = source.kind === 'bulk' ? bulkCase(source.queueId, record) : await scheduleCase(source, record);
  if (await raiseCase(open)) countMetric('deadLettered');
}

function bulkCase(queueId: QueueId, record: SQSRecord): NewAttentionCase {
  const message = BulkJobMessageSchema.parse(JSON.parse(record.body));
  return {
    caseId: attentionCaseId('bulk_dead_letter', record.messageId),
    kind: 'bulk_dead_letter',
    uid: '',
    source: queueId,
    jobId: message.jobId,
    rows: message.items.length,
    payload: record.body,
    // SQS says nothing of why: the consumer's log lines under the job's id do.
    reason: '',
  };
}

/** What a run was about: the account and plan or order its input names, where it names one. */
async function scheduleCase(
  source: Exclude<DeadLetterSource, { kind: 'bulk' }>,
  record: SQSRecord,
): Promise<NewAttentionCase> {
  const attribute = (name: string) => record.messageAttributes[name]?.stringValue ?? '';
  let targetArn: string;
  let input: unknown;
  let reason: string;
  if (source.kind === 'schedule') {
    targetArn = attribute('TARGET_ARN');
    input = JSON.parse(record.body);
    reason = `${attribute('ERROR_CODE')}: ${attribute('ERROR_MESSAGE')}`;
  } else {
    const invocation = JSON.parse(record.body) as {
      requestContext: { functionArn: string };
      requestPayload: unknown;
      responsePayload?: { errorMessage?: string };
    };
    targetArn = invocation.requestContext.functionArn;
    input = invocation.requestPayload;
    reason = invocation.responsePayload?.errorMessage ?? '';
  }
  const about = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const text = (key: string) => (typeof about[key] === 'string' ? (about[key] as string) : undefined);
  const merchantUid = text('merchantUid');
  const uid = text('uid') ?? (merchantUid ? (await getOrder(merchantUid))?.uid : undefined);
  const userEmail = uid ? (await getUser(uid))?.email : undefined;
  const planId = text('planId');
  return {
    caseId: attentionCaseId('schedule_dead_letter', record.messageId),
    kind: 'schedule_dead_letter',
    uid: uid ?? '',
    ...(userEmail ? { userEmail } : {}),
    ...(merchantUid ? { merchantUid } : {}),
    ...(planId ? { planId } : {}),
    // Unqualified: Lambda's record names the version it ran ($LATEST).
    source: targetArn.split(':').slice(0, 7).join(':'),
    payload: JSON.stringify(input),
    reason: reason.slice(0, 500),
  };
}

export function isDeadLetterCase(open: AttentionCase): boolean {
  return open.kind === 'bulk_dead_letter' || open.kind === 'schedule_dead_letter';
}

/**
 * The dead letter's work done again. The retry is claimed with its activity first, so two operators
 * send it once; a send that fails leaves the case open for another retry.
 */
export async function retryDeadLetter(
  open: AttentionCase,
  reason: string,
  operator: Operator,
): Promise<'ended' | 'already-ended'> {
  const claimed = await claimRetry(open, (tx) => [
    activityCommit(tx, {
      // A bulk job's rows are many accounts: the operator's own account records what they did.
      uid: open.uid || operator.uid,
      action: 'attention.redrive',
      desc: `${open.jobId ?? open.merchantUid ?? open.caseId}: ${reason}`,
      operator,
    }),
  ]);
  if (!claimed) return 'already-ended';
  if (open.kind === 'bulk_dead_letter') {
    const { refused } = await sendMessageBatch(open.source as QueueId, [JSON.parse(open.payload ?? '')]);
    if (refused.length) throw new Error(`The queue ${open.source} refused the message again`);
  } else {
    await scheduleOnce({
      // One schedule per claim: a second retry of the same case is a run of its own.
      name: `redrive-${createHash('sha256').update(`${open.caseId}/${open.retries}`).digest('hex').slice(0, 40)}`,
      at: new Date(nowMs() + OVERDUE_DELAY_MS),
      targetId: targetIdOf(open.source ?? ''),
      payload: JSON.parse(open.payload ?? '{}'),
    });
  }
  await settleCase(open.caseId);
  return 'ended';
}

/** The declared target whose function has this ARN (the scheduler grant gives every target's ARN). */
function targetIdOf(functionArn: string): string {
  const target = SCHEDULED_TARGETS.find(
    (candidate) => environment(scheduledTargetArnVariable(candidate.id)) === functionArn,
  );
  if (!target) throw new AdminError('invalid_argument', `No scheduled target has the ARN ${functionArn}`);
  return target.id;
}
