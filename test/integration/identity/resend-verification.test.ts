import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resendVerificationMail, signIn, signUp, verifyEmail } from '../../../shared/api/identity.ts';
import { call, send } from '../helpers.ts';
import { startIsolatedRuntime } from '../isolated-runtime.ts';
import { newEmail, type OutboxMail, outbox, PASSWORD, signUpInput } from './accounts.ts';

/**
 * The sign-in modal's resend of the verification mail, in a runtime of its own (its clock is moved past
 * the 5 minutes between mails, which the rest of the suite must not see).
 */
let runtime: { url: string; stop: () => Promise<void> };
const options = () => ({ baseUrl: runtime.url });

beforeAll(async () => {
  runtime = await startIsolatedRuntime();
}, 90_000);
afterAll(() => runtime?.stop());

const mailsTo = async (address: string): Promise<OutboxMail[]> =>
  (await outbox(runtime.url)).filter((mail) => mail.to.includes(address));

async function advanceClock(seconds: number) {
  const moved = await send(new URL('/_local/clock', runtime.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advanceSeconds: seconds }),
  });
  expect(moved.status).toBe(200);
}

describe('resend-verification-mail', () => {
  it('sends again only after 5 minutes, once however many ask at once, in the language asked', async () => {
    const input = signUpInput();
    const email = String(input.email);
    expect((await call(signUp, input, options())).status).toBe(200);
    expect(await mailsTo(email)).toHaveLength(1);

    // The sign-up's own mail went out just now.
    expect(await call(resendVerificationMail, { email, language: 'ko' }, options())).toMatchObject({
      status: 429,
      body: { error: { code: 'TOO_MANY_REQUESTS', errorCode: 'L15' } },
    });
    expect(await mailsTo(email)).toHaveLength(1);

    await advanceClock(5 * 60 + 1);
    const asked = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(resendVerificationMail, { email: email.toUpperCase(), language: 'ko' }, options()),
      ),
    );
    expect(asked.map((answer) => answer.status).sort()).toEqual([200, 429, 429, 429, 429]);
    const [resent, first] = await mailsTo(email);
    expect(await mailsTo(email)).toHaveLength(2);
    expect(resent?.links[0]).toMatch(/\/ko\/signup\/verify\?token=/);

    // The new link verifies the account (the first one still does too: both name the address).
    const token = new URL(String(resent?.links[0])).searchParams.get('token');
    expect((await call(verifyEmail, { token }, options())).body).toMatchObject({ emailVerified: true });
    expect(first?.links[0]).toMatch(/\/en\/signup\/verify\?token=/);
    const signedIn = await call(
      signIn,
      { email, password: PASSWORD, clientType: 'landing', language: 'en' },
      options(),
    );
    expect(signedIn.status).toBe(200);

    // Verified: nothing is sent any more, and the answer is the one an unknown address gets.
    await advanceClock(5 * 60 + 1);
    expect(await call(resendVerificationMail, { email, language: 'en' }, options())).toMatchObject({
      status: 200,
      body: {},
    });
    expect(await mailsTo(email)).toHaveLength(2);
  });

  it('answers an unknown address as a sent mail, without sending anything', async () => {
    const email = newEmail('nobody');
    expect(await call(resendVerificationMail, { email, language: 'en' }, options())).toMatchObject({
      status: 200,
      body: {},
    });
    expect(await mailsTo(email)).toEqual([]);
    expect(
      (await call(resendVerificationMail, { email: 'not-an-address', language: 'en' }, options())).body.error
        .code,
    ).toBe('INVALID_EMAIL');
  });

  it("mails a minor's parent again, not the minor whose own address is verified", async () => {
    const parentEmail = newEmail('parent');
    const input = signUpInput({ parentName: 'Parent Person', parentEmail });
    const email = String(input.email);
    await call(signUp, input, options());
    const [own] = await mailsTo(email);
    const token = new URL(String(own?.links[0])).searchParams.get('token');
    await call(verifyEmail, { token }, options());

    await advanceClock(5 * 60 + 1);
    expect((await call(resendVerificationMail, { email, language: 'ja' }, options())).status).toBe(200);
    expect(await mailsTo(email)).toHaveLength(1);
    const parentMails = await mailsTo(parentEmail);
    expect(parentMails).toHaveLength(2);
    expect(parentMails[0]?.links[0]).toMatch(/\/ja\/signup\/verify\?token=/);
  });
});
