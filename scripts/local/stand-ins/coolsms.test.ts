import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { coolsmsAuthorization } from '../../../functions/core/adapters/sms.ts';
import { authorizationProblem } from './coolsms.ts';

/** CoolSMS's answers to the Authorization header (coolsms/documents, authentication/api-key.md). */
describe("CoolSMS's Authorization check", () => {
  const now = Date.parse('2025-03-01T00:00:00Z');
  const code = (header: string, used = new Map<string, number>()) =>
    authorizationProblem(header, now, used)?.errorCode;

  it("accepts the adapter's signature of date and salt, and an HMAC-MD5 one", () => {
    expect(
      authorizationProblem(coolsmsAuthorization('sandbox_sms_key', 'sandbox_sms_secret', new Date(now)), now),
    ).toBeUndefined();
    const date = new Date(now).toISOString();
    const md5 = createHmac('md5', 'sandbox_sms_secret').update(`${date}salt-of-sixteen`).digest('hex');
    expect(
      code(`HMAC-MD5 apiKey=sandbox_sms_key, date=${date}, salt=salt-of-sixteen, signature=${md5}`),
    ).toBeUndefined();
  });

  it('refuses with 403 and its own codes: another key, another secret, a clock 15 minutes off, a salt used twice', () => {
    const refusal = authorizationProblem(
      coolsmsAuthorization('other', 'sandbox_sms_secret', new Date(now)),
      now,
    );
    expect(refusal).toMatchObject({ status: 403, errorCode: 'InvalidAPIKey' });
    expect(code(coolsmsAuthorization('sandbox_sms_key', 'other', new Date(now)))).toBe(
      'SignatureDoesNotMatch',
    );
    expect(
      code(coolsmsAuthorization('sandbox_sms_key', 'sandbox_sms_secret', new Date(now - 16 * 60_000))),
    ).toBe('RequestTimeTooSkewed');
    expect(
      code(coolsmsAuthorization('sandbox_sms_key', 'sandbox_sms_secret', new Date(now + 16 * 60_000))),
    ).toBe('RequestTimeTooSkewed');
    const used = new Map<string, number>();
    const header = coolsmsAuthorization('sandbox_sms_key', 'sandbox_sms_secret', new Date(now));
    expect(code(header, used)).toBeUndefined();
    expect(code(header, used)).toBe('DuplicatedSignature');
    // Once its 15 minutes have passed, a signature is forgotten (and its date too old anyway).
    expect(authorizationProblem(header, now + 16 * 60_000, used)?.errorCode).toBe('RequestTimeTooSkewed');
    expect(used.size).toBe(0);
    expect(authorizationProblem('Bearer x', now)).toMatchObject({ status: 401 });
  });
});
