import { describe, expect, it } from 'vitest';
import { coolsmsAuthorization } from '../../../functions/core/adapters/sms.ts';
import { authorizationProblem } from './coolsms.ts';

describe("CoolSMS's Authorization check", () => {
  const now = Date.parse('2025-03-01T00:00:00Z');

  it("accepts the adapter's signature of date and salt", () => {
    expect(
      authorizationProblem(coolsmsAuthorization('sandbox_sms_key', 'sandbox_sms_secret', new Date(now)), now),
    ).toBeUndefined();
  });

  it('refuses another secret, another key, an old date and a malformed header', () => {
    expect(authorizationProblem(coolsmsAuthorization('sandbox_sms_key', 'other', new Date(now)), now)).toBe(
      'Signature mismatch',
    );
    expect(
      authorizationProblem(coolsmsAuthorization('other', 'sandbox_sms_secret', new Date(now)), now),
    ).toBe('Invalid API key');
    expect(
      authorizationProblem(
        coolsmsAuthorization('sandbox_sms_key', 'sandbox_sms_secret', new Date(now - 16 * 60_000)),
        now,
      ),
    ).toBe('The date is more than 15 minutes off');
    expect(authorizationProblem('Bearer x', now)).toBe('Invalid Authorization header');
  });
});
