import { describe, expect, it } from 'vitest';
import {
  isCustomerUid,
  MERCHANT_UID_PREFIX,
  type MerchantUidKind,
  merchantUidFrom,
  merchantUidKind,
  newCustomerUid,
  newMerchantUid,
} from './merchant-uid.ts';

const KINDS = Object.keys(MERCHANT_UID_PREFIX) as MerchantUidKind[];

describe('merchant uids', () => {
  it('carry a readable prefix per kind and read back as that kind', () => {
    expect(MERCHANT_UID_PREFIX).toEqual({
      order: 'ord',
      renewal: 'rnw',
      upgrade: 'upg',
      eraser: 'ers',
      'change-card': 'chc',
      'direct-deposit': 'dep',
    });
    for (const kind of KINDS) {
      const uid = newMerchantUid(kind);
      expect(uid.startsWith(`${MERCHANT_UID_PREFIX[kind]}_`)).toBe(true);
      expect(merchantUidKind(uid)).toBe(kind);
    }
  });

  it('fit the provider (at most 40 characters, URL-safe)', () => {
    for (const kind of KINDS) expect(newMerchantUid(kind)).toMatch(/^[a-z0-9_]{30}$/);
  });

  it('do not repeat, and spread their random part over the whole alphabet', () => {
    const uids = Array.from({ length: 5000 }, () => newMerchantUid('order'));
    expect(new Set(uids).size).toBe(uids.length);
    const symbols = new Set(uids.flatMap((uid) => [...uid.slice(4)]));
    expect(symbols.size).toBe(32);
  });

  it('are not mistaken for anything else', () => {
    expect(merchantUidKind('ord_123')).toBeUndefined();
    expect(merchantUidKind('xyz_0123456789abcdefghjkmnpq')).toBeUndefined();
    expect(merchantUidKind(`ord_${'i'.repeat(26)}`)).toBeUndefined();
    expect(merchantUidKind(newCustomerUid())).toBeUndefined();
  });
});

describe('merchant uids made from given bytes', () => {
  it('name the same payment for the same bytes and another for other bytes', () => {
    const bytes = (fill: number) => new Uint8Array(32).fill(fill);
    const uid = merchantUidFrom('direct-deposit', bytes(7));
    expect(uid).toBe(merchantUidFrom('direct-deposit', bytes(7)));
    expect(uid).not.toBe(merchantUidFrom('direct-deposit', bytes(8)));
    expect(merchantUidKind(uid)).toBe('direct-deposit');
    expect(() => merchantUidFrom('direct-deposit', new Uint8Array(25))).toThrow(RangeError);
  });
});

describe('customer uids (billing keys)', () => {
  it('are unique and recognisable', () => {
    const a = newCustomerUid();
    expect(isCustomerUid(a)).toBe(true);
    expect(a).not.toBe(newCustomerUid());
    expect(isCustomerUid(newMerchantUid('order'))).toBe(false);
  });
});
