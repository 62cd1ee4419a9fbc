import { createHash } from 'node:crypto';

/**
 * The audit trail's hash chains (issue 39). IAM refuses every function an update or a delete of an entry,
 * but a PutItem with an entry's key replaces it (IAM cannot tell a create from a replace), and someone
 * with the table's own permissions can delete one. So each KST month's entries are chained: an entry
 * carries its chain (`chainLane`), its place in it (`chainSeq`, 1, 2, …) and the hash of the entry before
 * it (`prevHash`; the first entry the chain's own start hash), and each chain's head keeps the last place
 * and its hash. Replacing an entry changes its hash, which no longer matches what the next entry (or the
 * head) recorded; deleting one leaves a place empty. The hash covers the whole item as stored (keys and
 * index keys too).
 *
 * A month has CHAIN_LANES chains side by side, so that staff writes at once rarely wait for each other:
 * each entry takes the next place of one chain, moving that chain's head in its own transaction on the
 * condition that no other entry moved it first; one that lost the place tries again, on another chain
 * (audit-trail-repository.ts). One chain would make fifty writes at once queue for one item, each retry
 * a read and a transaction: on a busy table some outlast a route's 20 seconds.
 *
 * An attacker who can write the table could rewrite a chain from the altered entry to its head; that
 * rewrite is still seen, in the locked copy of every entry and head (docs/runbook.md, "Restore and
 * reconcile").
 */
export const CHAIN_LANES = 8;

/** JSON with the keys of every object sorted, so that the same item always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/** SHA-256 (hex) of an entry as stored. */
export function entryHash(item: Record<string, unknown>): string {
  return createHash('sha256').update(canonicalJson(item)).digest('hex');
}

/** What the first entry of a month's chain is chained to. */
export function chainStartHash(month: string, lane: number): string {
  return createHash('sha256').update(`cutloom-audit-chain:${month}:${lane}`).digest('hex');
}

/** An audit entry as the table holds it (the raw item; the chain reads only these fields of it). */
export interface StoredEntry extends Record<string, unknown> {
  entryId?: unknown;
  at?: unknown;
  chainLane?: unknown;
  chainSeq?: unknown;
  prevHash?: unknown;
}

/** A chain's head: the last entry's place and hash. */
export interface ChainHead {
  lane: number;
  seq: number;
  hash: string;
}

/**
 * What a break is:
 * - altered: the entry at `seq` is not the one its successor (or the head) was chained to: replaced;
 * - missing: no entry holds `seq`, a place the head says was taken: deleted;
 * - duplicate: two entries hold one place (one of them written by someone outside the product);
 * - unchained: an entry without a place written after the month's chains began (the product writes none);
 * - head: a chain's head is missing while entries of it exist.
 */
export type ChainBreakKind = 'altered' | 'missing' | 'duplicate' | 'unchained' | 'head';

export interface ChainBreak {
  kind: ChainBreakKind;
  /** The chain (0 for an entry of none). */
  lane: number;
  /** The place the break is at (0 for the head itself, or an entry of no chain). */
  seq: number;
  entryId?: string;
}

const idOf = (entry: StoredEntry | undefined) =>
  typeof entry?.entryId === 'string' ? { entryId: entry.entryId } : {};

/**
 * One chain's breaks: every place from 1 to the head's held by exactly one entry, each chained to the hash
 * of the one before, the head to the last. Entries placed after the head was read (written while the
 * check ran) are left for the next check.
 */
function laneBreaks(month: string, lane: number, entries: readonly StoredEntry[], head?: ChainHead) {
  const breaks: ChainBreak[] = [];
  if (!head) return entries.length ? [{ kind: 'head', lane, seq: 0 } as ChainBreak] : [];
  const bySeq = new Map<number, StoredEntry[]>();
  for (const entry of entries) {
    const seq = entry.chainSeq as number;
    if (seq <= head.seq) bySeq.set(seq, [...(bySeq.get(seq) ?? []), entry]);
  }
  let previousHash = chainStartHash(month, lane);
  for (let seq = 1; seq <= head.seq; seq += 1) {
    const [entry, ...others] = bySeq.get(seq) ?? [];
    if (!entry) {
      breaks.push({ kind: 'missing', lane, seq });
      previousHash = '';
      continue;
    }
    if (others.length) breaks.push({ kind: 'duplicate', lane, seq, ...idOf(others[0]) });
    // The entry before this one was replaced when this one does not carry its hash (or this one's own
    // record of it was); the first one when it is not chained to the chain's start. After a gap, the
    // missing place is the break already.
    if (previousHash && entry.prevHash !== previousHash) {
      const altered = seq === 1 ? seq : seq - 1;
      breaks.push({ kind: 'altered', lane, seq: altered, ...idOf(bySeq.get(altered)?.[0]) });
    }
    previousHash = entryHash(entry);
  }
  if (previousHash && previousHash !== head.hash)
    breaks.push({ kind: 'altered', lane, seq: head.seq, ...idOf(bySeq.get(head.seq)?.[0]) });
  // An entry whose own chain fields were changed is seen both at itself and at its successor: once.
  return breaks.filter(
    (found, index) =>
      found.kind !== 'altered' ||
      breaks.findIndex((other) => other.kind === 'altered' && other.seq === found.seq) === index,
  );
}

/**
 * The breaks of one month's chains, chain by chain, then the entries of no chain written after the
 * month's first chained entry (those before it are the trail from before the chains began).
 */
export function chainBreaks(
  month: string,
  entries: readonly StoredEntry[],
  heads: readonly ChainHead[],
): ChainBreak[] {
  const chained = entries.filter(
    (entry) => typeof entry.chainSeq === 'number' && typeof entry.chainLane === 'number',
  );
  const lanes = [
    ...new Set([...heads.map((head) => head.lane), ...chained.map((entry) => entry.chainLane as number)]),
  ].sort((a, b) => a - b);
  const breaks = lanes.flatMap((lane) =>
    laneBreaks(
      month,
      lane,
      chained.filter((entry) => entry.chainLane === lane),
      heads.find((head) => head.lane === lane),
    ),
  );
  const firstAt = Math.min(
    ...chained.flatMap((entry) => (typeof entry.at === 'number' ? [entry.at] : [])),
    Number.POSITIVE_INFINITY,
  );
  for (const entry of entries)
    if (!chained.includes(entry) && typeof entry.at === 'number' && entry.at >= firstAt)
      breaks.push({ kind: 'unchained', lane: 0, seq: 0, ...idOf(entry) });
  return breaks;
}
