import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userBilling } from '../../../shared/api/billing.ts';
import { call } from '../helpers.ts';
import { startIsolatedRuntime } from '../isolated-runtime.ts';
import { DAY_MS, isolated } from '../subscriptions/isolated-subscribers.ts';

/**
 * The renewal notices' 알림톡 (a Korean subscriber, a Korean mobile number) on the test clock of a runtime
 * of its own: the consent a dearer renewal needs, the reminder seven days before, a declined renewal and
 * the hold after the last retry, each once with its template's variables.
 */
let runtime: { url: string; stop: () => Promise<void> };
let site: ReturnType<typeof isolated>;

beforeAll(async () => {
  runtime = await startIsolatedRuntime();
  site = isolated(runtime.url);
}, 90_000);

afterAll(async () => {
  await runtime?.stop();
});

/** A Korean subscriber of its own number: the account, its billing key, its renewal date and number. */
async function koreanSubscriber(planName: string, discountPercent?: number) {
  const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
  const account = await site.account(discountPercent, 'ko');
  const { customerUid } = await site.subscribe(account, planName, {
    language: 'ko',
    phone: `+8210${digits}`,
  });
  const token = await site.token(account);
  const renewsAt = (await call(userBilling, {}, { ...site.options, token })).body.result.plan
    .expiredAt as number;
  return { account, customerUid, renewsAt, number: `010${digits}` };
}

const ofTemplate = (texts: Array<{ templateId?: string; text: string }>, kind: string) =>
  texts.filter((text) => text.templateId === `KA01TP-SANDBOX-${kind.toUpperCase()}`);

describe('the renewal notices by 알림톡', () => {
  it('the consent a dearer renewal needs, once', async () => {
    const { number, renewsAt } = await koreanSubscriber('MR_LIGHT_V3', 50);
    await site.clockTo(Math.max(renewsAt - 30 * DAY_MS, await site.now()) + 2 * 60_000);
    const [consent, ...more] = ofTemplate(await site.textsTo(number), 'renewal-consent');
    expect(more).toEqual([]);
    expect(consent?.text).toContain('Mina Park님,');
    expect(consent?.text).toMatch(/에서 ₩9,900\(으\)로 바뀝니다/);
    expect(consent?.text).toContain('Cutloom 라이트 (월간) 구독의 결제 금액이');
  });

  // An annual plan is reminded of (a monthly one renewing at its price is not: renewal-reminder.ts).
  it('the reminder seven days before, a declined renewal with its retry day, and the hold after the last retry', async () => {
    const { customerUid, number, renewsAt } = await koreanSubscriber('YR_LIGHT_V3');
    await site.clockTo(renewsAt - 7 * DAY_MS + 2 * 60_000);
    const [reminder, ...moreReminders] = ofTemplate(await site.textsTo(number), 'renewal-reminder');
    expect(moreReminders).toEqual([]);
    expect(reminder?.text).toContain('Cutloom 라이트 구독이');
    expect(reminder?.text).toMatch(/₩[\d,]+이 신용·체크카드\(으\)로 결제될 예정입니다\./);

    await site.local('POST', '/_local/payments/billing-keys/decline', {
      customer_uid: customerUid,
      code: 'CC66',
    });
    await site.clockTo(renewsAt + 60_000);
    const [failed, ...moreFailed] = ofTemplate(await site.textsTo(number), 'renewal-failed');
    expect(moreFailed).toEqual([]);
    expect(failed?.text).toContain('Cutloom 라이트 구독의 정기결제가 카드사에서 승인되지 않았습니다.');
    expect(failed?.text).toMatch(/\d{4}년 \d{1,2}월 \d{1,2}일에 다시 결제를 시도합니다/);

    for (const days of [1, 3, 5]) await site.clockTo(renewsAt + days * DAY_MS + 60_000);
    expect(ofTemplate(await site.textsTo(number), 'renewal-failed')).toHaveLength(3);
    const held = ofTemplate(await site.textsTo(number), 'plan-held');
    expect(held).toHaveLength(1);
    expect(held[0]?.text).toContain('구독이 일시정지되었습니다.');
  });
});
