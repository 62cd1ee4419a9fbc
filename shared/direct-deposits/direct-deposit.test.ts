import { describe, expect, it } from 'vitest';
import {
  BULK_DIRECT_DEPOSIT_MAX,
  bulkDirectDepositFieldsRule,
  bulkDirectDepositRule,
  DIRECT_DEPOSIT_CUSTOMER_UID,
  DIRECT_DEPOSIT_ID_PATTERN,
  DIRECT_DEPOSIT_MESSAGES,
  DIRECT_DEPOSIT_PAY_METHOD,
  DIRECT_DEPOSIT_PG,
  directDepositParamsRule,
  directDepositRule,
} from './direct-deposit.ts';

const deposit = {
  uid: 'user-1',
  userName: '김하늘',
  userEmail: 'sky@example.com',
  userPhone: '+821012345678',
  planName: 'Y1_STANDARD_V3',
  price: 238800,
  currency: 'KRW',
  paymentType: 'plan',
  desc: 'bank transfer of 3 March',
};

/** The messages of a deposit's problems, by field. */
function problems(input: Record<string, unknown>, rule: typeof directDepositRule = directDepositRule) {
  const result = rule.safeParse(input);
  const byField: Record<string, string[]> = {};
  if (!result.success)
    for (const issue of result.error.issues)
      byField[String(issue.path[0])] = [...(byField[String(issue.path[0])] ?? []), issue.message];
  return byField;
}

describe('a direct deposit (admin console sections 3 and 5)', () => {
  it('is recorded as paid outside the provider, as stored deposits are', () => {
    // Stored payments and plans carry these; the console's subscription buttons leave such plans alone.
    expect([DIRECT_DEPOSIT_CUSTOMER_UID, DIRECT_DEPOSIT_PAY_METHOD, DIRECT_DEPOSIT_PG]).toEqual([
      'direct_deposit',
      'direct_deposit',
      'direct_deposit',
    ]);
  });

  it('needs every field but the currency, which is KRW unless chosen', () => {
    const { currency: _, ...withoutCurrency } = deposit;
    expect(directDepositRule.parse(withoutCurrency).currency).toBe('KRW');
    // The form sends its fields empty.
    const empty = { uid: '', userName: '', userEmail: '', userPhone: '', planName: '', desc: '' };
    expect(problems(empty)).toEqual({
      uid: [DIRECT_DEPOSIT_MESSAGES.uid],
      userName: [DIRECT_DEPOSIT_MESSAGES.userName],
      userEmail: [DIRECT_DEPOSIT_MESSAGES.userEmail],
      userPhone: [DIRECT_DEPOSIT_MESSAGES.userPhone],
      planName: [DIRECT_DEPOSIT_MESSAGES.planName],
      price: [DIRECT_DEPOSIT_MESSAGES.price],
      paymentType: [DIRECT_DEPOSIT_MESSAGES.paymentType],
      desc: [expect.any(String)],
    });
  });

  it('refuses blank or over-long texts and takes them trimmed', () => {
    expect(problems({ ...deposit, userName: '   ', userPhone: '1'.repeat(33) })).toEqual({
      userName: [DIRECT_DEPOSIT_MESSAGES.userName],
      userPhone: [DIRECT_DEPOSIT_MESSAGES.userPhone],
    });
    expect(
      problems({ ...deposit, userEmail: `${'a'.repeat(245)}@mail.com`, planName: 'P'.repeat(64) }),
    ).toEqual({});
    expect(problems({ ...deposit, userEmail: `${'a'.repeat(246)}@mail.com` })).toEqual({
      userEmail: [DIRECT_DEPOSIT_MESSAGES.userEmail],
    });
    expect(directDepositRule.parse({ ...deposit, userName: ' 김하늘 ' }).userName).toBe('김하늘');
  });

  it('is in KRW, JPY or USD, for an event or a plan', () => {
    expect(problems({ ...deposit, currency: 'EUR', paymentType: 'gift' })).toEqual({
      currency: [DIRECT_DEPOSIT_MESSAGES.currency],
      paymentType: [DIRECT_DEPOSIT_MESSAGES.paymentType],
    });
    expect(problems({ ...deposit, currency: 'JPY', price: 26400, paymentType: 'event' })).toEqual({});
  });

  it('records a price the currency can hold: not negative, in its decimals, at most its highest price; zero for an event', () => {
    for (const [price, currency] of [
      [-1, 'KRW'],
      [9900.5, 'KRW'],
      [8.999, 'USD'],
      [1_436_401, 'KRW'],
      ['9900', 'KRW'],
    ] as const)
      expect(problems({ ...deposit, price, currency }), `${price} ${currency}`).toEqual({
        price: [DIRECT_DEPOSIT_MESSAGES.price],
      });
    for (const [price, currency] of [
      [0, 'KRW'],
      [1_436_400, 'KRW'],
      [8.99, 'USD'],
    ] as const)
      expect(problems({ ...deposit, price, currency }), `${price} ${currency}`).toEqual({});
    expect(directDepositParamsRule.safeParse({ ...deposit, price: -1 }).success).toBe(false);
  });

  it('is kept by a schedule as the payer and the deposit’s fields', () => {
    const { desc: _, ...params } = deposit;
    expect(directDepositParamsRule.parse(params)).toEqual(params);
  });

  it('is named by an id of the direct-deposit kind, which a resent form repeats', () => {
    const id = `dep_${'0123456789abcdefghjkmnpqrs'}`;
    expect(problems({ ...deposit, depositId: id })).toEqual({});
    for (const wrong of [`x${id}`, `${id}0`, 'dep_0123', `dep_${'ABCDEFGHJKMNPQRSTVWXYZ0123'}`])
      expect(wrong).not.toMatch(DIRECT_DEPOSIT_ID_PATTERN);
  });
});

describe('a bulk direct deposit', () => {
  const bulk = {
    planName: 'Y1_STANDARD_V3',
    price: 238800,
    currency: 'KRW',
    desc: 'event',
    uidOrEmails: ['u1'],
  };

  it('is for a plan unless said otherwise, and checks its price as the single deposit does', () => {
    expect(bulkDirectDepositRule.parse(bulk).paymentType).toBe('plan');
    expect(bulkDirectDepositFieldsRule.parse(bulk).paymentType).toBe('plan');
    expect(bulkDirectDepositRule.safeParse({ ...bulk, price: -5 }).success).toBe(false);
    expect(bulkDirectDepositFieldsRule.safeParse({ ...bulk, price: -5 }).success).toBe(false);
  });

  it('takes one to BULK_DIRECT_DEPOSIT_MAX uids or e-mails, each trimmed and non-blank', () => {
    const messages = (uidOrEmails: unknown) =>
      bulkDirectDepositRule.safeParse({ ...bulk, uidOrEmails }).error?.issues.map((issue) => issue.message);
    expect(bulkDirectDepositRule.parse({ ...bulk, uidOrEmails: [' u1 '] }).uidOrEmails).toEqual(['u1']);
    expect(messages([])).toEqual([DIRECT_DEPOSIT_MESSAGES.noUids]);
    expect(messages(Array.from({ length: BULK_DIRECT_DEPOSIT_MAX }, (_, i) => `u${i}`))).toBeUndefined();
    expect(messages(Array.from({ length: BULK_DIRECT_DEPOSIT_MAX + 1 }, (_, i) => `u${i}`))).toEqual([
      DIRECT_DEPOSIT_MESSAGES.tooMany,
    ]);
    expect(messages(['  '])).toHaveLength(1);
    expect(messages([`${'a'.repeat(245)}@mail.com`])).toBeUndefined();
    expect(messages([`${'a'.repeat(246)}@mail.com`])).toHaveLength(1);
  });
});
