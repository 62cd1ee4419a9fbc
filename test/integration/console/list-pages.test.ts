import { beforeAll, describe, expect, it } from 'vitest';
import { adminCreateCoupon, adminGetCouponList } from '../../../shared/api/coupons.ts';
import { adminScheduleList } from '../../../shared/api/schedules.ts';
import { adminUserCreate, adminUserList } from '../../../shared/api/users.ts';
import { randomCouponCode } from '../../../shared/coupons/coupon-rules.ts';
import { adminToken, allPages, call, uniqueId } from '../helpers.ts';

/**
 * The console's lists page through their index queries (issue 19): a page, its cursor, the next page;
 * a cursor the server did not make for that list is refused; a name without a full match is matched
 * as a prefix without being asked.
 */
let token: string;
beforeAll(async () => {
  token = await adminToken();
});

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
const inAMonth = () => new Date(Date.now() + 30 * 86_400_000).toISOString();

async function createCoupons(tag: string, count: number): Promise<string[]> {
  const codes: string[] = [];
  // One after another, so that their creation times (the list's order) differ.
  for (let index = 0; index < count; index += 1) {
    const couponCode = randomCouponCode();
    const created = await call(
      adminCreateCoupon,
      { couponCode, name: `${tag} ${index}`, totalAmount: 5, startedAt: inAnHour(), expiredAt: inAMonth() },
      { token },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    codes.push(couponCode);
  }
  return codes;
}

const codesOf = (answer: { body: { data: Array<{ couponCode: string }> } }) =>
  answer.body.data.map((coupon) => coupon.couponCode);

describe('a console list beyond one page', () => {
  it('answers the rows a page at a time, newest first, each once, until a page without a cursor', async () => {
    const tag = uniqueId('pages');
    const codes = await createCoupons(tag, 5);
    const first = await call(adminGetCouponList, { search: tag, limit: 2 }, { token });
    expect(first.status).toBe(200);
    expect(codesOf(first)).toEqual([codes[4], codes[3]]);
    expect(first.body.cursor).toEqual(expect.any(String));
    const second = await call(
      adminGetCouponList,
      { search: tag, limit: 2, cursor: first.body.cursor },
      { token },
    );
    expect(codesOf(second)).toEqual([codes[2], codes[1]]);
    // The rest: the oldest; the list ends (older coupons of other tests are filtered out on the way).
    const rest = await allPages<{ couponCode: string }>(
      adminGetCouponList,
      { search: tag, limit: 2, cursor: second.body.cursor },
      'data',
      { token },
    );
    expect(rest.map((coupon) => coupon.couponCode)).toEqual([codes[0]]);

    const all = await allPages<{ couponCode: string }>(
      adminGetCouponList,
      { search: tag, limit: 3 },
      'data',
      {
        token,
      },
    );
    expect(all.map((coupon) => coupon.couponCode)).toEqual([...codes].reverse());
  });

  it('refuses a cursor it did not make for that list, as the caller’s mistake', async () => {
    await createCoupons(uniqueId('cursor'), 2);
    const coupons = await call(adminGetCouponList, { limit: 1 }, { token });
    expect(coupons.body.cursor).toEqual(expect.any(String));
    const envelope = JSON.parse(Buffer.from(coupons.body.cursor, 'base64url').toString('utf8'));
    const tampered = Buffer.from(JSON.stringify({ ...envelope, c: 'bm90IGEga2V5' })).toString('base64url');
    const foreignKey = Buffer.from(
      JSON.stringify({
        ...envelope,
        c: Buffer.from(JSON.stringify({ pk: 'x', sk: 'y', gsi1pk: 'z', gsi1sk: 'w' })).toString('base64url'),
      }),
    ).toString('base64url');
    const refusals = [
      [adminGetCouponList, 'not-a-cursor'],
      [adminGetCouponList, tampered],
      [adminGetCouponList, foreignKey],
      [adminScheduleList, coupons.body.cursor],
    ] as const;
    for (const [route, cursor] of refusals) {
      const answer = await call(route, { cursor }, { token });
      expect(answer, cursor).toMatchObject({
        status: 400,
        body: { error: { code: 'invalid_argument', msg: expect.stringContaining('cursor') } },
      });
    }
  });
});

describe('a name without a full match', () => {
  it('is matched as a prefix without the partial flag, and its next pages stay prefix matches', async () => {
    const tag = uniqueId('pfx').toLowerCase();
    for (const letter of ['a', 'b', 'c'])
      await call(
        adminUserCreate,
        {
          info: {
            name: `Pre ${tag} ${letter}`,
            email: `${tag}-${letter}@example.com`,
            password: 'prefix-pass1',
            language: 'en',
          },
        },
        { token },
      );
    const full = await call(adminUserList, { name: `pre ${tag} b` }, { token });
    expect(full.body).toMatchObject({
      partial: false,
      cursor: null,
      users: [{ email: `${tag}-b@example.com` }],
    });

    const first = await call(adminUserList, { name: `Pre ${tag}`, limit: 2 }, { token });
    expect(first.body.partial).toBe(true);
    expect(first.body.users).toHaveLength(2);
    const rest = await call(
      adminUserList,
      { name: `Pre ${tag}`, limit: 2, cursor: first.body.cursor },
      { token },
    );
    expect(rest.body.partial).toBe(true);
    expect(
      [...first.body.users, ...rest.body.users].map((user: { email: string }) => user.email).sort(),
    ).toEqual(['a', 'b', 'c'].map((letter) => `${tag}-${letter}@example.com`));

    const nothing = await call(adminUserList, { name: `Pre ${tag} zz` }, { token });
    expect(nothing.body).toMatchObject({ users: [], partial: true, cursor: null });
  });
});
