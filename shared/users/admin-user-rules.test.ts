import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../identity/account-rules.ts';
import {
  adminUserCreateInfoRule,
  bulkUserCreateFormRule,
  ADMIN_USER_MESSAGES as m,
} from './admin-user-rules.ts';

const valid = { name: 'Kim Minji', email: 'minji@example.com', password: 'secret12', language: 'ko' };
const errorsOf = (input: Record<string, unknown>) => {
  const parsed = adminUserCreateInfoRule.safeParse(input);
  return parsed.success ? {} : fieldErrors(parsed.error);
};

describe('the account an operator creates', () => {
  it('accepts a valid account, with optional assist e-mail and referral', () => {
    expect(errorsOf(valid)).toEqual({});
    expect(
      errorsOf({ ...valid, assistEmail: 'sales@example.com', referralType: 'manebi', referralCode: 'X1' }),
    ).toEqual({});
  });

  it('gives the message of section 5 for each broken field', () => {
    expect(errorsOf({ ...valid, name: 'A' })).toEqual({ name: m.name });
    expect(errorsOf({ ...valid, name: 'x'.repeat(33) })).toEqual({ name: m.name });
    expect(errorsOf({ ...valid, password: '' })).toEqual({ password: m.passwordRequired });
    expect(errorsOf({ ...valid, password: 'a1' })).toEqual({ password: m.passwordLength });
    expect(errorsOf({ ...valid, password: 'onlyletters' })).toEqual({ password: m.passwordCharacters });
    expect(errorsOf({ ...valid, password: 'space 1234' })).toEqual({ password: m.passwordCharacters });
    expect(errorsOf({ ...valid, email: '' })).toEqual({ email: m.email });
    expect(errorsOf({ ...valid, email: 'no-at-sign' })).toEqual({ email: m.email });
    expect(errorsOf({ ...valid, assistEmail: 'nope' })).toEqual({ assistEmail: m.assistEmail });
    expect(errorsOf({ ...valid, referralCode: 'X1' })).toEqual({ referralCode: m.referralCodeWithoutType });
    expect(errorsOf({ ...valid, referralType: 'manebi' })).toEqual({ referralCode: m.referralCodeRequired });
    expect(errorsOf({ ...valid, language: '' })).toEqual({ language: m.language });
  });

  it('requires the assist e-mail and the desc of a bulk upload', () => {
    const parsed = bulkUserCreateFormRule.safeParse({ assistEmail: '', desc: ' ' });
    expect(parsed.success ? {} : fieldErrors(parsed.error)).toEqual({
      assistEmail: m.assistEmailRequired,
      desc: m.desc,
    });
  });
});
