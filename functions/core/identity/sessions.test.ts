import { describe, expect, it } from 'vitest';
import { LOST_ANSWER_GRACE_MS, refreshCookie, reuseVerdict } from './sessions.ts';

describe('a rotated refresh token presented again', () => {
  const usedAt = 1_000_000;
  it('is a lost answer retried only soon after its rotation and while its successor is unused', () => {
    expect(reuseVerdict({ usedAt }, {}, usedAt + 1)).toBe('retry');
    expect(reuseVerdict({ usedAt }, {}, usedAt + LOST_ANSWER_GRACE_MS)).toBe('retry');
    expect(reuseVerdict({ usedAt }, {}, usedAt + LOST_ANSWER_GRACE_MS + 1)).toBe('revoke');
  });
  it('is a reuse once its successor was used or withdrawn, or when none is known', () => {
    expect(reuseVerdict({ usedAt }, { usedAt: usedAt + 5 }, usedAt + 10)).toBe('revoke');
    expect(reuseVerdict({ usedAt, withdrawn: true }, {}, usedAt + 10)).toBe('revoke');
    expect(reuseVerdict({ usedAt }, undefined, usedAt + 10)).toBe('revoke');
  });
});

describe('the refresh cookie', () => {
  it('is HttpOnly, Secure, SameSite=Strict, sent only to the session routes, per realm', () => {
    expect(refreshCookie('landing', 'abc', 60)).toBe(
      'cutloom_rt=abc; Path=/auth/v2; HttpOnly; Secure; SameSite=Strict; Max-Age=60',
    );
    expect(refreshCookie('console', 'abc', undefined)).toBe(
      'cutloom_console_rt=abc; Path=/auth/v2; HttpOnly; Secure; SameSite=Strict',
    );
  });
});
