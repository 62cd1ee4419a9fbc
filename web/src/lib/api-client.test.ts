import { describe, expect, it } from 'vitest';
import { adminConfigGet } from '../../../shared/api/configs.ts';
import { getPaymentPlanInfoV2 } from '../../../shared/api/plans.ts';
import { ApiError, callRoute } from './api-client.ts';

function fakeFetch(status: number, body: unknown, seen: Request[] = []): typeof fetch {
  return async (input, init) => {
    seen.push(new Request(input, init));
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
  };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

describe('the typed API client', () => {
  it('posts the JSON body to the route path with the version header and returns the answer', async () => {
    const seen: Request[] = [];
    const answer = { result: 'success', planPriceInfos: [], planUsageInfos: [] };
    const result = await callRoute(
      getPaymentPlanInfoV2,
      { priceVersion: '1' },
      { fetch: fakeFetch(200, answer, seen) },
    );
    expect(result).toEqual(answer);
    expect(seen[0]?.method).toBe('POST');
    expect(new URL(seen[0]?.url ?? '').pathname).toBe('/payment/get-payment-plan-info-v2');
    expect(seen[0]?.headers.get('x-client-version')).toBe('test');
    expect(await seen[0]?.json()).toEqual({ priceVersion: '1' });
  });

  it('puts path parameters in the path and the rest of a GET in the query, with the bearer token', async () => {
    const seen: Request[] = [];
    await callRoute(
      adminConfigGet,
      { id: 'a b' },
      { token: 't0k', fetch: fakeFetch(200, { config: {} }, seen) },
    );
    expect(new URL(seen[0]?.url ?? '').pathname).toBe('/auth/admin-config/a%20b');
    expect(seen[0]?.headers.get('authorization')).toBe('Bearer t0k');
  });

  it('maps a catalogue error body to its client code', async () => {
    const error = await failure(
      callRoute(
        getPaymentPlanInfoV2,
        {},
        { fetch: fakeFetch(410, { error: { code: 'EXPIRED', msg: 'gone' } }) },
      ),
    );
    expect([error.clientCode, error.serverCode, error.status, error.message]).toEqual([
      'L03',
      'EXPIRED',
      410,
      'gone',
    ]);
  });

  it('maps a non-OK answer without an error body, and a failed fetch, to the network error', async () => {
    expect(
      (await failure(callRoute(getPaymentPlanInfoV2, {}, { fetch: fakeFetch(502, '<html>') }))).clientCode,
    ).toBe('L04');
    const broken: typeof fetch = async () => {
      throw new TypeError('fetch failed');
    };
    expect((await failure(callRoute(getPaymentPlanInfoV2, {}, { fetch: broken }))).clientCode).toBe('L04');
  });

  it('formats admin errors as AdminError: {code}, {message}', async () => {
    const error = await failure(
      callRoute(
        adminConfigGet,
        { id: 'x' },
        { fetch: fakeFetch(401, { error: { code: 'invalid_level', msg: 'not an operator' } }) },
      ),
    );
    expect(error.message).toBe('AdminError: invalid_level, not an operator');
    expect(error.clientCode).toBe('L07');
  });
});
