import { describe, expect, it } from 'vitest';
import {
  emailRule,
  fieldErrors,
  nameRule,
  normalizeEmail,
  passwordRule,
  paymentSignInRule,
  signUpFormRule,
} from './account-rules.ts';

const valid = (rule: { safeParse(value: unknown): { success: boolean } }, value: unknown) =>
  rule.safeParse(value).success;

describe('name', () => {
  it.each([
    'Jo',
    'Ada Lovelace',
    '김민준',
    '山田 太郎',
    "O'Brien-Smith, Jr.",
    'José Núñez',
    'A'.repeat(32),
    'R2-D2',
  ])('accepts %s', (name) => expect(valid(nameRule, name)).toBe(true));
  it.each(['A', '', '   ', 'A'.repeat(33), 'Emoji 😀', 'Tab\there', 'a+b', 'x<y'])('refuses %j', (name) =>
    expect(valid(nameRule, name)).toBe(false),
  );
  it('counts characters, not UTF-16 units', () => {
    expect(valid(nameRule, '𠀋'.repeat(32))).toBe(true);
    expect(valid(nameRule, '𠀋'.repeat(33))).toBe(false);
  });
});

describe('email', () => {
  it.each([
    'a@b.co',
    'first.last+tag@mail.example.com',
    'x@sub-domain.example.photography',
    `a@b.${'x'.repeat(64)}`,
  ])('accepts %s', (email) => expect(valid(emailRule, email)).toBe(true));
  it.each([
    '',
    'plain',
    'a@b',
    'a@b.c',
    'a@b.c0m',
    `a@b.${'x'.repeat(65)}`,
    'a b@c.com',
    'a@-b.com',
    '@b.com',
  ])('refuses %j', (email) => expect(valid(emailRule, email)).toBe(false));
  it('normalises for comparison and lookup: trimmed, lower-cased, dots and tags kept', () => {
    expect(normalizeEmail('  First.Last+Tag@Example.COM ')).toBe('first.last+tag@example.com');
  });
});

describe('password', () => {
  it.each(['abc123', 'a1b2c3d4e5f6g7h8', 'pass-word1!', 'Z9#$%^&*()'])('accepts %s', (password) =>
    expect(valid(passwordRule, password)).toBe(true),
  );
  it.each([
    ['too short', 'ab12'],
    ['too long', `${'a1'.repeat(8)}x`],
    ['no digit', 'abcdefg'],
    ['no letter', '1234567'],
    ['a space', 'abc 123'],
    ['a non-ASCII letter', 'pässw0rd'],
  ])('refuses %s', (_why, password) => expect(valid(passwordRule, password)).toBe(false));
  it('payment sign-in needs both fields and at most 16 characters', () => {
    expect(valid(paymentSignInRule, { email: 'a@b.co', password: 'x' })).toBe(true);
    const error = paymentSignInRule.safeParse({ email: ' ', password: 'x'.repeat(17) });
    expect(error.success ? {} : fieldErrors(error.error)).toEqual({
      email: 'validation.email_required',
      password: 'validation.password_too_long',
    });
  });
});

describe('the sign-up form', () => {
  const form = {
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    password: 'engine42',
    passwordConfirm: 'engine42',
    ageGroup: 'major',
    parentName: '',
    parentEmail: '',
    referralType: '',
    referralCode: '',
  } as const;
  const errors = (changes: Record<string, unknown>) => {
    const result = signUpFormRule.safeParse({ ...form, ...changes });
    return result.success ? {} : fieldErrors(result.error);
  };

  it('accepts a complete adult sign-up', () => expect(errors({})).toEqual({}));
  it('needs the confirmation to equal the password', () =>
    expect(errors({ passwordConfirm: 'engine43' })).toEqual({
      passwordConfirm: 'validation.password_mismatch',
    }));
  it('needs an age group', () =>
    expect(errors({ ageGroup: undefined })).toEqual({ ageGroup: 'validation.age_group_required' }));
  it('needs a referral code when a referral type is chosen', () => {
    expect(errors({ referralType: 'manebi', referralCode: '  ' })).toEqual({
      referralCode: 'validation.referral_code_required',
    });
    expect(errors({ referralType: 'manebi', referralCode: 'M-100' })).toEqual({});
  });
  it('needs a parent name and a parent e-mail for a minor, different from the own one', () => {
    expect(errors({ ageGroup: 'minor' })).toEqual({
      parentName: 'validation.name_required',
      parentEmail: 'validation.email_required',
    });
    expect(errors({ ageGroup: 'minor', parentName: 'P', parentEmail: 'mum@example' })).toEqual({
      parentName: 'validation.name_invalid',
      parentEmail: 'validation.email_invalid',
    });
    expect(errors({ ageGroup: 'minor', parentName: 'Mum', parentEmail: ' ADA@example.com' })).toEqual({
      parentEmail: 'validation.parent_email_same',
    });
    expect(errors({ ageGroup: 'minor', parentName: 'Mum', parentEmail: 'mum@example.com' })).toEqual({});
  });
  it('ignores the parent fields of an adult', () =>
    expect(errors({ parentName: 'x', parentEmail: 'y' })).toEqual({}));
  it('reports every field at once, one message each', () =>
    expect(Object.keys(errors({ name: '', email: '', password: '', ageGroup: undefined }))).toEqual([
      'name',
      'email',
      'password',
      'ageGroup',
    ]));
});
