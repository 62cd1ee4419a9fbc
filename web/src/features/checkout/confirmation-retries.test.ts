import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { PaymentFailure, type ServerResult, untilSettled, withRetries } from './confirmation-retries.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function answers(...results: ServerResult[]) {
  const ask = vi.fn<() => Promise<ServerResult>>();
  for (const result of results) ask.mockResolvedValueOnce(result);
  return ask;
}
const pending = (merchantUid = 'ord_a'): ServerResult => ({ result: 'pending', merchantUid });

describe('asking for a pending result', () => {
  it('asks once a second, up to 5 retries, then fails with the retrier error', async () => {
    const ask = answers(...Array.from({ length: 6 }, () => pending()));
    const retries: number[] = [];
    const settled = untilSettled(ask, (retry) => retries.push(retry));
    const outcome = expect(settled).rejects.toMatchObject({ errorCode: 'L11' });
    await vi.advanceTimersByTimeAsync(5000);
    await outcome;
    expect(ask).toHaveBeenCalledTimes(6);
    expect(retries).toEqual([1, 2, 3, 4, 5]);
  });

  it('starts counting again when the server answers for another merchantUid', async () => {
    const ask = answers(
      ...Array.from({ length: 4 }, () => pending('ord_a')),
      ...Array.from({ length: 4 }, () => pending('ord_b')),
      { result: 'success', merchantUid: 'ord_b' },
    );
    const settled = untilSettled(ask, () => undefined);
    await vi.advanceTimersByTimeAsync(8000);
    await expect(settled).resolves.toBeUndefined();
    expect(ask).toHaveBeenCalledTimes(9);
  });

  it('ends with the error the server answers, as its client code', async () => {
    const ask = answers(pending(), {
      result: 'error',
      merchantUid: 'ord_a',
      errorType: 'INVALID_PRICE',
      errorMsg: 'no',
    });
    const settled = untilSettled(ask, () => undefined);
    const outcome = expect(settled).rejects.toEqual(new PaymentFailure('L10', 'no'));
    await vi.advanceTimersByTimeAsync(1000);
    await outcome;
  });
});

describe('a call on a failing network', () => {
  it('is tried again 100 ms and 200 ms later, then gives up with the network error', async () => {
    const call = vi.fn().mockRejectedValue(new ApiError('L04', undefined, undefined, 'offline'));
    const tried = withRetries(call);
    const outcome = expect(tried).rejects.toMatchObject({ clientCode: 'L04' });
    await vi.advanceTimersByTimeAsync(99);
    expect(call).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(call).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(200);
    await outcome;
    expect(call).toHaveBeenCalledTimes(3);
  });

  it('is not repeated for an answer of the server', async () => {
    const call = vi.fn().mockRejectedValue(new ApiError('L03', 'EXPIRED', 410, 'expired'));
    await expect(withRetries(call)).rejects.toMatchObject({ serverCode: 'EXPIRED' });
    expect(call).toHaveBeenCalledTimes(1);
  });
});
