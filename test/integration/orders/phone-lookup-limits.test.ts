import { describe, expect, it } from 'vitest';
import { PHONE_LOOKUP_LIMITS } from '../../../functions/core/orders/phone-lookup.ts';
import { findPaymentInfoByPhoneNumber } from '../../../shared/api/orders.ts';
import { type Answer, call } from '../helpers.ts';
import { newCustomer, openSession } from './order-helpers.ts';

/**
 * The order page's phone-number check (issue 32, point 13) is limited per payment session, per account
 * and per client address (functions/core/orders/phone-lookup.ts): past each limit, one at a time or 50 and
 * more at once, every further check gets the catalogue's TOO_MANY_REQUESTS (429, L15) and learns nothing,
 * while other sessions, accounts and addresses are not touched. Each test calls from a loopback address
 * of its own, so that no other test's checks count in its address's window.
 */
const { session: sessionLimit, account: accountLimit, clientAddress: addressLimit } = PHONE_LOOKUP_LIMITS;

/** A number of this run's own (nobody paid with it: the answer is "not used" until a limit refuses). */
const phoneNumber = () => `+8210${String(Date.now() + Math.floor(Math.random() * 1e6)).slice(-8)}`;

const check = (guid: string, from: string) =>
  call(findPaymentInfoByPhoneNumber, { guid, phoneNumber: phoneNumber() }, { from });

function tally(answers: Answer[]) {
  const answered = answers.filter((answer) => answer.status === 200);
  const refused = answers.filter((answer) => answer.status === 429);
  for (const answer of answered) expect(answer.body).toEqual({ isUsed: false });
  for (const answer of refused)
    expect(answer.body.error).toMatchObject({ code: 'TOO_MANY_REQUESTS', errorCode: 'L15' });
  expect(answered.length + refused.length, 'every check is answered or refused').toBe(answers.length);
  return { answered: answered.length, refused: refused.length };
}

/**
 * The limits count in fixed 15-minute windows, the previous one weighed in: a burst that straddles a
 * window's end is let through less than the limit. So a burst starts at least 30 s before the end.
 */
async function inOneWindow() {
  const windowMs = sessionLimit.windowMs;
  const left = windowMs - (Date.now() % windowMs);
  if (left < 30_000) await new Promise((wait) => setTimeout(wait, left + 1_000));
}

async function sessions(count: number, customer?: Awaited<ReturnType<typeof newCustomer>>) {
  const owner = customer ?? (await newCustomer());
  return Promise.all(
    Array.from({ length: count }, async () => (await openSession(owner, { planName: 'Y1_LIGHT_V3' })).guid),
  );
}

describe('the phone-number check’s limits', () => {
  it('per session: the check past the limit is refused, another session of another account still answered', async () => {
    const from = '127.0.2.1';
    await inOneWindow();
    const [guid] = await sessions(1);
    const [other] = await sessions(1);
    for (let done = 0; done < sessionLimit.max; done += 1)
      expect((await check(guid as string, from)).status).toBe(200);
    expect(tally([await check(guid as string, from)])).toEqual({ answered: 0, refused: 1 });
    expect(tally([await check(other as string, from)])).toEqual({ answered: 1, refused: 0 });
  });

  it('per session, 50 at once: exactly the limit answered', async () => {
    await inOneWindow();
    const [guid] = await sessions(1);
    const answers = await Promise.all(Array.from({ length: 50 }, () => check(guid as string, '127.0.2.2')));
    expect(tally(answers)).toEqual({ answered: sessionLimit.max, refused: 50 - sessionLimit.max });
  });

  it('per account, 50 at once over five of its sessions: exactly the limit answered; another account untouched', async () => {
    const from = '127.0.2.3';
    await inOneWindow();
    const customer = await newCustomer();
    const guids = await sessions(5, customer);
    const answers = await Promise.all(
      guids.flatMap((guid) => Array.from({ length: sessionLimit.max }, () => check(guid, from))),
    );
    expect(answers).toHaveLength(50);
    expect(tally(answers)).toEqual({ answered: accountLimit.max, refused: 50 - accountLimit.max });
    // A session the account opens now is refused too: the limit is the account's.
    const [fresh] = await sessions(1, customer);
    expect(tally([await check(fresh as string, from)])).toEqual({ answered: 0, refused: 1 });
    const [stranger] = await sessions(1);
    expect(tally([await check(stranger as string, from)])).toEqual({ answered: 1, refused: 0 });
  });

  it('per client address, 60 at once from six accounts: exactly the limit answered; another address untouched', async () => {
    const from = '127.0.2.4';
    await inOneWindow();
    // Six accounts, one session each, each under its session's and its account's limit.
    const guids = (await Promise.all(Array.from({ length: 6 }, () => sessions(1)))).flat();
    const perSession = 60 / guids.length;
    expect(perSession).toBeLessThanOrEqual(sessionLimit.max);
    const answers = await Promise.all(
      guids.flatMap((guid) => Array.from({ length: perSession }, () => check(guid, from))),
    );
    expect(tally(answers)).toEqual({ answered: addressLimit.max, refused: 60 - addressLimit.max });
    const [elsewhere] = await sessions(1);
    expect(tally([await check(elsewhere as string, '127.0.2.5')])).toEqual({ answered: 1, refused: 0 });
  }, 60_000);

  it('a malformed number or an unknown session is refused as before and counts nothing', async () => {
    const from = '127.0.2.6';
    await inOneWindow();
    const [guid] = await sessions(1);
    for (let done = 0; done < sessionLimit.max + 2; done += 1) {
      const bad = await call(findPaymentInfoByPhoneNumber, { guid, phoneNumber: '010-1234' }, { from });
      expect(bad.body.error.code).toBe('INVALID_ARGUMENT');
    }
    const unknown = await call(
      findPaymentInfoByPhoneNumber,
      { guid: 'A'.repeat(32), phoneNumber: phoneNumber() },
      { from },
    );
    expect(unknown.body.error.code).toBe('EXPIRED');
    expect(tally([await check(guid as string, from)])).toEqual({ answered: 1, refused: 0 });
  });
});
