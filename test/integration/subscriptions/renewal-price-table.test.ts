import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomPlan } from '../../../functions/core/data/plan-catalogue-repository.ts';
import { getRenewalConsent } from '../../../functions/core/data/renewal-consent-repository.ts';
import { db } from '../../../functions/core/data/service.ts';
import { getUserPlan } from '../../../functions/core/data/user-plan-repository.ts';
import { askConsentIfHigher } from '../../../functions/core/renewal-consent/consent-notice.ts';
import { invokeModule } from '../../../scripts/local/lambda-context.ts';
import type { StandIn } from '../../../scripts/local/stand-in-context.ts';
import { start as startMail } from '../../../scripts/local/stand-ins/mail.ts';
import { uniqueId } from '../helpers.ts';
import { newCustomer } from '../orders/order-helpers.ts';

/**
 * A renewal's amount follows the price table when its consent window opens (issue 26 point 3: "a price
 * rises in the table"): the look 30 days before the renewal (the ask-renewal-consent target, run here
 * in this process against the suite's table and a mail stand-in of its own) reads the plan's price
 * again; a lower price is taken at once, a higher one is asked for. An operator's custom plan stands in
 * for a plan whose price the table changes (the built-in catalogue is the whole suite's).
 */
let mail: StandIn | undefined;
let stateDir: string;

beforeAll(async () => {
  stateDir = mkdtempSync(join(tmpdir(), 'consent-mail-'));
  mail = await startMail({
    registerLocalEndpoint: () => undefined,
    invokeModule,
    stateDir,
    baseUrl: 'http://site.test',
  });
  Object.assign(process.env, mail.env, { SITE_URL: 'http://site.test' });
});
afterAll(() => mail?.stop());

const outbox = () =>
  JSON.parse(readFileSync(join(stateDir, 'outbox.json'), 'utf8')) as Array<{
    to: string[];
    subject: string;
    text: string;
  }>;

/** A monthly subscription of a custom plan sold at 9,900 won and renewing at that price, due in 20 days. */
async function subscriberOfCustomPlan() {
  const customer = await newCustomer();
  const name = `MR_LIGHT_${uniqueId('T')
    .replace(/[^A-Z0-9]/gi, '')
    .toUpperCase()}`.slice(0, 40);
  const price = {
    name,
    planType: 'CUSTOM',
    period: 'MONTHLY',
    isSubscription: true,
    priceKo: 9900,
    priceJa: 1100,
    priceEn: 8.99,
  } as const;
  await createCustomPlan('custom', price, {
    sttUsage: 3600,
    ttsUsage: 10_000,
    translateUsage: 10_000,
    genimageUsage: 10,
    cloudStorageUsage: 1,
    userTTSSpeakerUsage: 1,
    description: 'A partner plan',
    desc: 'test',
    createdByUid: 'operator-local',
    createdByEmail: 'operator@cutloom.local',
  });
  const planId = uniqueId('plan');
  const expiredAt = Date.now() + 20 * 86_400_000;
  await db()
    .entities.userPlan.put({
      uid: customer.uid,
      planId,
      planName: name,
      planType: 'CUSTOM',
      period: 'MONTHLY',
      isSubscription: true,
      catalogue: 'custom',
      paidAt: expiredAt - 30 * 86_400_000,
      expiredAt,
      planStatus: 'PAID',
      customerUid: uniqueId('key'),
      price: 9900,
      scheduledPrice: 9900,
      payMethod: 'card',
      pg: 'html5_inicis',
      currency: 'KRW',
      sttLimit: 3600,
      ttsLimit: 10_000,
      translateLimit: 10_000,
      genimageLimit: 10,
      cloudStorageLimit: 1,
      userTTSSpeakerLimit: 1,
      isTest: false,
    })
    .go();
  const setTablePrice = (priceKo: number) =>
    db().entities.planPrice.patch({ catalogue: 'custom', name }).set({ priceKo }).go();
  return { customer, planId, expiredAt, setTablePrice };
}

describe('the look before a renewal', () => {
  it('takes a price the table raised only with consent: the renewal price moves and the consent is asked for it', async () => {
    const { customer, planId, expiredAt, setTablePrice } = await subscriberOfCustomPlan();
    await setTablePrice(12_900);
    const event = { uid: customer.uid, planId, periodEnd: expiredAt };
    expect(await askConsentIfHigher(event)).toBe('asked');
    expect((await getUserPlan(customer.uid, planId))?.scheduledPrice).toBe(12_900);
    expect(await getRenewalConsent(event)).toMatchObject({
      status: 'asked',
      reason: 'price-rises',
      lastCharge: 9900,
      amount: 12_900,
    });
    const asked = outbox().filter((sent) => sent.to.includes(customer.email));
    expect(asked).toHaveLength(1);
    expect(asked[0]?.subject).toBe('[Cutloom] 다음 정기결제 금액이 바뀝니다: 동의가 필요합니다');
    expect(asked[0]?.text).toContain('₩9,900에서 ₩12,900(으)로 바뀝니다');
    expect(asked[0]?.text).toContain('요금이 인상되었기 때문입니다.');
    // A duplicate delivery of the same look asks nothing more.
    expect(await askConsentIfHigher(event)).toBe('asked-before');
    expect(outbox().filter((sent) => sent.to.includes(customer.email))).toHaveLength(1);
  });

  it('takes a price the table lowered at once, and asks nothing', async () => {
    const { customer, planId, expiredAt, setTablePrice } = await subscriberOfCustomPlan();
    await setTablePrice(8900);
    const event = { uid: customer.uid, planId, periodEnd: expiredAt };
    expect(await askConsentIfHigher(event)).toBe('unchanged');
    expect((await getUserPlan(customer.uid, planId))?.scheduledPrice).toBe(8900);
    expect(await getRenewalConsent(event)).toBeUndefined();
  });
});
