import { describe, expect, it } from 'vitest';
import {
  type ChainHead,
  canonicalJson,
  chainBreaks,
  chainStartHash,
  entryHash,
  type StoredEntry,
} from './audit-chain.ts';

/** A chain of a month as the repository writes it: each entry's place and the hash of the one before. */
function chain(
  month: string,
  lane: number,
  count: number,
  firstAt = 1000,
): { entries: StoredEntry[]; head: ChainHead } {
  const entries: StoredEntry[] = [];
  let prevHash = chainStartHash(month, lane);
  for (let seq = 1; seq <= count; seq += 1) {
    const entry = {
      pk: `p#${month}`,
      sk: `e#${lane}#${seq}`,
      entryId: `e${lane}.${seq}`,
      at: firstAt + seq,
      kind: 'k',
      chainLane: lane,
      chainSeq: seq,
      prevHash,
    };
    entries.push(entry);
    prevHash = entryHash(entry);
  }
  return { entries, head: { lane, seq: count, hash: prevHash } };
}

const month = '2026-11';

describe('the audit chains', () => {
  it('hash an item the same whatever the order of its keys', () => {
    expect(canonicalJson({ b: [1, { d: 2, c: 'x' }], a: null })).toBe('{"a":null,"b":[1,{"c":"x","d":2}]}');
    expect(entryHash({ a: 1, b: 2 })).toBe(entryHash({ b: 2, a: 1 }));
    expect(entryHash({ a: 1, b: 2 })).not.toBe(entryHash({ a: 1, b: 3 }));
    expect(chainStartHash(month, 1)).not.toBe(chainStartHash('2026-12', 1));
    expect(chainStartHash(month, 1)).not.toBe(chainStartHash(month, 2));
  });

  it('hold when every place of every chain is taken once and chained to the one before', () => {
    const one = chain(month, 1, 5);
    const two = chain(month, 2, 3);
    expect(chainBreaks(month, [...two.entries, ...one.entries].reverse(), [one.head, two.head])).toEqual([]);
    // Entries written after the heads were read wait for the next check.
    expect(chainBreaks(month, chain(month, 1, 6).entries, [one.head])).toEqual([]);
  });

  it('find an entry replaced in the middle, at the end, or first', () => {
    const { entries, head } = chain(month, 3, 4);
    const replaced = (seq: number) =>
      entries.map((entry) => (entry.chainSeq === seq ? { ...entry, kind: 'quietly changed' } : entry));
    expect(chainBreaks(month, replaced(2), [head])).toEqual([
      { kind: 'altered', lane: 3, seq: 2, entryId: 'e3.2' },
    ]);
    expect(chainBreaks(month, replaced(4), [head])).toEqual([
      { kind: 'altered', lane: 3, seq: 4, entryId: 'e3.4' },
    ]);
    // The first entry chained to another chain's start (a copy moved between chains).
    const moved = entries.map((entry) =>
      entry.chainSeq === 1 ? { ...entry, prevHash: chainStartHash(month, 4) } : entry,
    );
    expect(chainBreaks(month, moved, [head])).toEqual([
      { kind: 'altered', lane: 3, seq: 1, entryId: 'e3.1' },
    ]);
  });

  it('find a deleted entry, a second entry at one place and one written outside the chains', () => {
    const { entries, head } = chain(month, 1, 4);
    expect(
      chainBreaks(
        month,
        entries.filter((entry) => entry.chainSeq !== 3),
        [head],
      ),
    ).toEqual([{ kind: 'missing', lane: 1, seq: 3 }]);
    expect(chainBreaks(month, entries.slice(0, 3), [head])).toEqual([{ kind: 'missing', lane: 1, seq: 4 }]);
    expect(
      chainBreaks(month, [...entries, { ...entries[1], entryId: 'forged', kind: 'other' }], [head]),
    ).toEqual([{ kind: 'duplicate', lane: 1, seq: 2, entryId: 'forged' }]);
    const unchained = { entryId: 'slipped-in', at: 1003, kind: 'k' };
    expect(chainBreaks(month, [...entries, unchained], [head])).toEqual([
      { kind: 'unchained', lane: 0, seq: 0, entryId: 'slipped-in' },
    ]);
    // The trail from before the chains began is no break.
    expect(chainBreaks(month, [{ entryId: 'old', at: 900 }, ...entries], [head])).toEqual([]);
  });

  it('find a chain whose head is gone', () => {
    const { entries } = chain(month, 2, 2);
    expect(chainBreaks(month, entries, [])).toEqual([{ kind: 'head', lane: 2, seq: 0 }]);
    expect(chainBreaks(month, [{ entryId: 'old', at: 900 }], [])).toEqual([]);
  });
});
