import { describe, expect, it } from 'vitest';
import { SQS_LIMITS } from '../../../shared/jobs/queues.ts';
import { messageBytes, packItems, packRequests } from './queue.ts';

const envelope = (index: number, items: string[]) => ({
  jobId: 'job',
  kind: 'usage-grant',
  batchIndex: index,
  items,
});

describe('packing a job for SQS', () => {
  it('keeps 300 short items in one message', () => {
    const items = Array.from({ length: 300 }, (_, index) => `user-${index}@example.com`);
    expect(packItems(items, 300, envelope).map((message) => message.items.length)).toEqual([300]);
  });

  it('splits 300 items whose message would pass the maximum size, keeping their order and places', () => {
    // 1 KiB an item: 300 of them are 300 KiB, over SQS's 256 KiB.
    const items = Array.from(
      { length: 300 },
      (_, index) => `${String(index).padStart(3, '0')}${'x'.repeat(1021)}`,
    );
    const messages = packItems(items, 300, envelope);
    expect(messages.length).toBe(2);
    expect(messages.map((message) => message.batchIndex)).toEqual([0, 1]);
    expect(messages.flatMap((message) => message.items)).toEqual(items);
    for (const message of messages)
      expect(messageBytes(message)).toBeLessThanOrEqual(SQS_LIMITS.messageBytes);
    // Full: the next item would not have fitted.
    expect(messageBytes(messages[0]) + 1025).toBeGreaterThan(SQS_LIMITS.messageBytes);
  });

  it('counts bytes, not characters: multi-byte and escaped characters weigh more', () => {
    const korean = Array.from({ length: 300 }, () => '가'.repeat(300));
    const escaped = Array.from({ length: 300 }, () => '\u0001'.repeat(200));
    for (const items of [korean, escaped]) {
      const messages = packItems(items, 300, envelope);
      expect(messages.length).toBeGreaterThan(1);
      for (const message of messages)
        expect(messageBytes(message)).toBeLessThanOrEqual(SQS_LIMITS.messageBytes);
    }
  });

  it('refuses an item that cannot fit in a message at all', () => {
    expect(() => packItems(['x'.repeat(SQS_LIMITS.messageBytes)], 300, envelope)).toThrow(/does not fit/);
  });

  it('groups messages into requests of at most ten entries and the batch size', () => {
    const small = Array.from({ length: 23 }, (_, index) => ({ index }));
    expect(packRequests(small).map((request) => request.length)).toEqual([10, 10, 3]);
    const large = Array.from({ length: 10 }, () => 'y'.repeat(80_000));
    const requests = packRequests(large);
    expect(requests.map((request) => request.length)).toEqual([3, 3, 3, 1]);
    for (const request of requests)
      expect(request.reduce((sum, body) => sum + messageBytes(body), 0)).toBeLessThanOrEqual(
        SQS_LIMITS.batchBytes,
      );
  });
});
