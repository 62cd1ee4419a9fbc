import { setTimeout as sleep } from 'node:timers/promises';
import type { ClientType } from '../../../shared/identity/client-types.ts';
import {
  counterFor,
  isMeteredUsageType,
  type UsageType,
  usageAllowed,
} from '../../../shared/usage/usage-rules.ts';
import { nowMs } from '../clock.ts';
import type { UsageEntryItem } from '../data/entities/usage.ts';
import { getUsageEntry, type UsageEntry, usageEntryTtl, writeUsage } from '../data/usage-repository.ts';
import { PaymentError } from '../errors.ts';
import { ttsVoices } from '../tts-voices/tts-voices.ts';
import { type UsageStanding, usageStanding } from './usage-standing.ts';

/** What the editing app reports: one use of a feature, named by an id the app chose (its retry key). */
export interface UsageRecording {
  uid: string;
  entryId: string;
  usageType: UsageType;
  count: number;
  /** False when the app's own request failed: recorded (the console's failed requests), never charged. */
  success: boolean;
  speaker?: string;
  engine?: string;
  clientType?: ClientType;
}

export interface RecordingOutcome {
  entry: UsageEntry;
  standing: UsageStanding;
}

/** Tries before giving up on a user whose counters other recordings keep moving; each waits a little longer. */
const MAX_ATTEMPTS = 30;

/**
 * Records one use. A use that fits the month's limit adds to the account's counter and is a successful
 * entry; one past the limit (or of a feature the plan lacks) is refused and kept as a failed entry,
 * counting nothing. The entry and the counter move together, conditionally, so concurrent recordings
 * never lose an increment nor pass the limit together; a recording sent again with the same entry id
 * answers what the first one did and counts once.
 */
export async function recordUsage(recording: UsageRecording): Promise<RecordingOutcome> {
  const free = await isFreeVoice(recording);
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
    const at = nowMs();
    const standing = await usageStanding(recording.uid, at);
    const plan = planRecording(recording, standing, free);
    const entry = entryOf(recording, standing, plan, at, free);
    const outcome = await writeUsage(
      [entry],
      plan.counter && plan.charge > 0
        ? {
            group: standing.group,
            mode: standing.current ? 'add' : 'restart',
            resetAt: standing.resetAt,
            at,
            deltas: { [plan.counter]: plan.charge },
            ...(plan.limit === undefined ? {} : { ceiling: { counter: plan.counter, limit: plan.limit } }),
          }
        : undefined,
    );
    if (outcome === 'written')
      return { entry, standing: afterWrite(standing, recording.usageType, plan.charge) };
    if (outcome === 'entry-exists') return replay(recording);
    // The counters moved under us (or a concurrent write won): read again and plan again.
    await sleep(Math.random() * 4 * attempt);
  }
  throw new PaymentError('DB_ERROR', 'The usage could not be recorded: the counters kept changing');
}

interface RecordingPlan {
  counter: ReturnType<typeof counterFor>;
  /** What the counter moves by: zero for a refusal or a failed request. */
  charge: number;
  limit: number | undefined;
  failure: UsageEntryItem['failure'];
}

/**
 * What a recording does to the account this month (pure: the standing is what was read). Decision: the
 * `free` flag of a voice says whether FREE accounts may use it (tts-voices.ts), so a FREE account is
 * refused a paid voice; every voice counts its characters (FREE's "charged TTS characters" would
 * otherwise never move), and the entry keeps the flag for the console.
 */
export function planRecording(
  recording: UsageRecording,
  standing: UsageStanding,
  freeVoice: boolean,
): RecordingPlan {
  const { usageType, count } = recording;
  const counter = counterFor(usageType, standing.group === 'paid');
  const limit = isMeteredUsageType(usageType) ? standing.limits[usageType] : undefined;
  const none = { counter, charge: 0, limit };
  if (!recording.success) return { ...none, failure: 'reported' };
  const voiceAllowed = usageType !== 'TTS' || freeVoice || standing.planType !== 'FREE';
  if (!counter || !usageAllowed(usageType, standing.planType) || !voiceAllowed) {
    return { ...none, failure: 'not_in_plan' };
  }
  if (limit !== undefined && standing.used[usageType] + count > limit)
    return { ...none, failure: 'over_limit' };
  return { counter, charge: count, limit, failure: undefined };
}

function entryOf(
  recording: UsageRecording,
  standing: UsageStanding,
  plan: RecordingPlan,
  at: number,
  free: boolean,
): UsageEntry {
  const { uid, entryId, usageType, count, speaker, engine, clientType } = recording;
  return {
    uid,
    entryId,
    usageType,
    at,
    count,
    success: plan.failure === undefined,
    ...(plan.failure ? { failure: plan.failure } : {}),
    source: 'app',
    paid: standing.group === 'paid',
    ...(usageType === 'TTS' ? { free, ...(speaker ? { speaker } : {}) } : {}),
    ...(usageType === 'TRANSLATE' && engine ? { engine } : {}),
    ...(clientType && usageType !== 'TTS' ? { clientType } : {}),
    ttl: usageEntryTtl(at),
  };
}

/** Whether a TTS recording's voice is one the voice list opens to FREE accounts. */
async function isFreeVoice(recording: UsageRecording): Promise<boolean> {
  if (recording.usageType !== 'TTS' || !recording.speaker) return false;
  const voice = (await ttsVoices()).find((candidate) => candidate.name === recording.speaker);
  return voice?.free ?? false;
}

function afterWrite(standing: UsageStanding, type: UsageType, charge: number): UsageStanding {
  if (charge === 0) return standing;
  const base = standing.current ? standing.used : zeroed(standing.used);
  return { ...standing, current: true, used: { ...base, [type]: base[type] + charge } };
}

function zeroed(used: Record<UsageType, number>): Record<UsageType, number> {
  return Object.fromEntries(Object.keys(used).map((type) => [type, 0])) as Record<UsageType, number>;
}

/** The same entry id again: the first recording's answer, provided it is the same recording. */
async function replay(recording: UsageRecording): Promise<RecordingOutcome> {
  const entry = await getUsageEntry(recording.uid, recording.entryId);
  if (!entry) throw new Error('A usage entry reported as existing cannot be read');
  if (entry.usageType !== recording.usageType || entry.count !== recording.count) {
    throw new PaymentError('INCONSISTENCY', 'This entry id was recorded with another usage');
  }
  return { entry, standing: await usageStanding(recording.uid) };
}
