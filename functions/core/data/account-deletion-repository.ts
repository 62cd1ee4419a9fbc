import { type RecordClass, retentionTtl } from '../../../shared/data/record-retention.ts';
import { normalizeEmail } from '../../../shared/identity/account-rules.ts';
import { tableService } from './client.ts';
import { AdminSchedule } from './entities/admin-schedule.ts';
import { CashReceipt } from './entities/cash-receipt.ts';
import { CouponRedemption } from './entities/coupon.ts';
import { Payment } from './entities/payment.ts';
import { PaymentContact, PaymentPhone } from './entities/payment-contact.ts';
import { PaymentOrder } from './entities/payment-order.ts';
import { Preregistration } from './entities/preregistration.ts';
import { SmartSurvey, SurveyTarget } from './entities/smart-survey.ts';
import { TaxInvoiceProfile, TaxInvoiceRequest } from './entities/tax-invoice.ts';
import { UsageCounter, UsageEntry } from './entities/usage.ts';
import { UserEmail, User as UserEntity, type UserItem } from './entities/user.ts';
import { UserActivity } from './entities/user-activity.ts';
import { UserPlan, UserPlanHead } from './entities/user-plan.ts';
import { nameSearchKey, searchShard } from './search-keys.ts';

const db = tableService({
  user: UserEntity,
  userEmail: UserEmail,
  paymentContact: PaymentContact,
  paymentPhone: PaymentPhone,
  preregistration: Preregistration,
  usageCounter: UsageCounter,
  usageEntry: UsageEntry,
  payment: Payment,
  paymentOrder: PaymentOrder,
  userPlan: UserPlan,
  userPlanHead: UserPlanHead,
  userActivity: UserActivity,
  couponRedemption: CouponRedemption,
  adminSchedule: AdminSchedule,
  smartSurvey: SmartSurvey,
  surveyTarget: SurveyTarget,
  cashReceipt: CashReceipt,
  taxInvoiceProfile: TaxInvoiceProfile,
  taxInvoiceRequest: TaxInvoiceRequest,
});

/**
 * The table's side of an account's deletion (functions/core/account-deletion; the entity by entity list
 * is docs/account-deletion.md). `pseudonymiseAccount` is the one transaction that deletes the account:
 * the account item keeps only its uid, its dates and a pseudonym, its address is released for a new
 * sign-up, and what only served the live account goes. `eraseAccountRecords` then deletes the usage log
 * and gives every record the law keeps its time-to-live, a bounded page at a time.
 */

/** What identifies a person on the account item, gone at its deletion. */
const IDENTIFYING = [
  'passwordHash',
  'googleSub',
  'parentName',
  'parentEmail',
  'parentEmailVerified',
  'assistEmail',
  'referralType',
  'referralCode',
  'referralSince',
  'utmParams',
  'country',
  'region',
  'city',
  'timezone',
  'timezoneMin',
  'cid',
  'installCode',
  'deviceId',
  'deviceName',
  'machineId',
  'lastAccessed',
  'lastUse',
  'verificationMailAt',
] as const satisfies ReadonlyArray<keyof UserItem>;

/** The pseudonym a deleted account is listed under: its uid, at a domain that never receives mail. */
export function deletedAccountAddress(uid: string): string {
  return `${uid}@deleted.invalid`;
}

/**
 * Deletes the account in one transaction: the account item pseudonymised (deleted, when, until when it
 * is kept; credentials moved on, so any session of it ends), the address's uniqueness item released
 * (the address may sign up again, as a new account), the payment contact and its phone's claim, the
 * preregistration coupon, the usage counters and the business's invoice details deleted. False when the account was deleted already.
 */
export async function pseudonymiseAccount(
  user: Pick<UserItem, 'uid' | 'emailKey'>,
  deletedAt: number,
  ttl: number,
): Promise<boolean> {
  const { uid } = user;
  const contact = (await db().entities.paymentContact.get({ uid }).go()).data;
  const phone = contact
    ? (await db().entities.paymentPhone.get({ phoneNumber: contact.contactPhoneNumber }).go()).data
    : null;
  const email = deletedAccountAddress(uid);
  const emailKey = normalizeEmail(email);
  const nameKey = nameSearchKey(uid);
  const { canceled } = await db()
    .transaction.write((entities) => [
      entities.user
        .patch({ uid })
        .set({
          name: uid,
          email,
          emailKey,
          emailShard: searchShard(emailKey),
          nameKey,
          nameShard: searchShard(nameKey),
          emailVerified: false,
          providers: [],
          isMinor: false,
          deleted: true,
          deletedAt,
          credentialsChangedAt: deletedAt,
          ttl,
        })
        .remove([...IDENTIFYING])
        .where((attr, op) => op.eq(attr.deleted, false))
        .commit(),
      entities.userEmail
        .delete({ emailKey: user.emailKey })
        .where((attr, op) => op.eq(attr.uid, uid))
        .commit(),
      entities.paymentContact.delete({ uid }).commit(),
      ...(phone?.uid === uid
        ? [
            entities.paymentPhone
              .delete({ phoneNumber: phone.phoneNumber })
              .where((attr, op) => op.eq(attr.uid, uid))
              .commit(),
          ]
        : []),
      entities.preregistration.delete({ uid }).commit(),
      entities.usageCounter.delete({ uid }).commit(),
      entities.taxInvoiceProfile.delete({ uid }).commit(),
    ])
    .go();
  return !canceled;
}

/** How many writes one run of the erasure makes at most before it hands over to the next run. */
export const ERASURE_WRITES_PER_RUN = 2_000;
const PAGE = 100;

/**
 * Deletes the account's usage log (and its counters, which an ID token issued before the deletion may
 * have written again) and gives each record kept for it its time-to-live: payments (five years from the
 * payment), orders and the account's activities (five years from their making, the contract's records),
 * plans and their head (five years from the period's end: the supply), coupon redemptions, cash
 * receipts and invoice requests of its orders and operators' direct-deposit schedules for it (five
 * years); the account leaves the target lists of the in-app surveys. Answers whether all is done, or the run's writes ran out first (the next run goes
 * on where this one stopped: whatever is done is not found again).
 */
export async function eraseAccountRecords(uid: string, deletedAt: number): Promise<'done' | 'more'> {
  const budget = { left: ERASURE_WRITES_PER_RUN };
  const { entities } = db();
  const steps: Array<() => Promise<boolean>> = [
    async () => {
      await entities.usageCounter.delete({ uid }).go();
      return true;
    },
    () =>
      pages(
        budget,
        (cursor) => entities.usageEntry.query.byEntry({ uid }).go({ cursor, limit: 25 }),
        async (items) => {
          await entities.usageEntry.delete(items.map(({ entryId }) => ({ uid, entryId }))).go();
        },
      ),
    () =>
      keep(
        budget,
        (cursor) =>
          entities.payment.query
            .byUser({ uid })
            .where((attr, op) => op.notExists(attr.ttl))
            .go({ cursor, limit: PAGE }),
        (item) =>
          entities.payment
            .patch({ merchantUid: item.merchantUid })
            .set({ ttl: ttlOf(item.paidAt, 'payment') })
            .go(),
      ),
    () =>
      keep(
        budget,
        (cursor) =>
          entities.paymentOrder.query
            .byUser({ uid })
            .where((attr, op) => op.notExists(attr.ttl))
            .go({ cursor, limit: PAGE }),
        (item) =>
          entities.paymentOrder
            .patch({ merchantUid: item.merchantUid })
            .set({ ttl: ttlOf(item.created, 'contract') })
            .go(),
      ),
    () =>
      keep(
        budget,
        (cursor) =>
          entities.userPlan.query
            .byPlan({ uid })
            .where((attr, op) => op.notExists(attr.ttl))
            .go({ cursor, limit: PAGE }),
        (item) =>
          entities.userPlan
            .patch({ uid, planId: item.planId })
            .set({ ttl: ttlOf(item.expiredAt, 'payment') })
            .go(),
      ),
    () =>
      keep(
        budget,
        (cursor) =>
          entities.userActivity.query
            .byUser({ uid })
            .where((attr, op) => op.notExists(attr.ttl))
            .go({ cursor, limit: PAGE }),
        (item) =>
          entities.userActivity
            .patch({ uid, created: item.created, activityId: item.activityId })
            .set({ ttl: ttlOf(item.created, 'contract') })
            .go(),
      ),
    async () => {
      const head = (await entities.userPlanHead.get({ uid }).go()).data;
      if (head && head.ttl === undefined)
        await entities.userPlanHead
          .patch({ uid })
          .set({ ttl: ttlOf(deletedAt, 'payment') })
          .go();
      return true;
    },
    () => keepRedemptions(uid),
    () => keepTaxDocuments(uid),
    () => leaveSurveyTargets(uid),
    () =>
      keep(
        budget,
        (cursor) =>
          entities.adminSchedule.query
            .allSchedules({})
            .where((attr, op) => `${op.eq(attr.params.uid, uid)} AND ${op.notExists(attr.ttl)}`)
            .go({ cursor, limit: PAGE }),
        (item) =>
          entities.adminSchedule
            .patch({ adminScheduleId: item.adminScheduleId })
            .set({ ttl: ttlOf(item.created, 'contract') })
            .go(),
      ),
  ];
  for (const step of steps) if (!(await step())) return 'more';
  return 'done';
}

function ttlOf(recordMs: number, recordClass: RecordClass): number {
  return retentionTtl(recordMs, recordClass);
}

type Paged<Item> = (cursor: string | null) => Promise<{ data: Item[]; cursor: string | null }>;

/** Pages through a query, handing each page's items to `act`, while the run's writes last. */
async function pages<Item>(
  budget: { left: number },
  read: Paged<Item>,
  act: (items: Item[]) => Promise<void>,
): Promise<boolean> {
  let cursor: string | null = null;
  do {
    if (budget.left <= 0) return false;
    const page = await read(cursor);
    if (page.data.length) await act(page.data);
    budget.left -= page.data.length;
    cursor = page.cursor;
  } while (cursor);
  return true;
}

function keep<Item>(budget: { left: number }, read: Paged<Item>, write: (item: Item) => Promise<unknown>) {
  return pages(budget, read, async (items) => {
    await Promise.all(items.map(write));
  });
}

/** The coupon redemptions of the account's orders (keyed by coupon and account): five years from their making. */
async function keepRedemptions(uid: string): Promise<boolean> {
  const { entities } = db();
  const { data: orders } = await entities.paymentOrder.query.byUser({ uid }).go({ pages: 'all' });
  const codes = [...new Set(orders.flatMap((order) => (order.couponCode ? [order.couponCode] : [])))];
  await Promise.all(
    codes.map(async (couponCode) => {
      const redemption = (await entities.couponRedemption.get({ couponCode, uid }).go()).data;
      if (redemption && redemption.ttl === undefined)
        await entities.couponRedemption
          .patch({ couponCode, uid })
          .set({ ttl: ttlOf(redemption.created, 'contract') })
          .go();
    }),
  );
  return true;
}

/** Takes the account out of every in-app survey's target list (a few survey types, each one key). */
async function leaveSurveyTargets(uid: string): Promise<boolean> {
  const { entities } = db();
  const { data: surveys } = await entities.smartSurvey.query.all({}).go({ pages: 'all' });
  const types = [...new Set(surveys.map((survey) => survey.surveyType))];
  if (types.length)
    await entities.surveyTarget
      .delete(types.map((surveyType) => ({ surveyType, id: uid, idType: 'uid' as const })))
      .go();
  return true;
}

/**
 * The cash receipts and tax-invoice requests of the account's orders (keyed by the order), five years
 * from their making: records of payments, which the tax law keeps as long (국세기본법 제85조의3).
 */
async function keepTaxDocuments(uid: string): Promise<boolean> {
  const { entities } = db();
  const { data: orders } = await entities.paymentOrder.query.byUser({ uid }).go({ pages: 'all' });
  await Promise.all(
    orders.map(async ({ merchantUid }) => {
      const [receipt, request] = await Promise.all([
        entities.cashReceipt.get({ merchantUid }).go(),
        entities.taxInvoiceRequest.get({ merchantUid }).go(),
      ]);
      if (receipt.data && receipt.data.ttl === undefined)
        await entities.cashReceipt
          .patch({ merchantUid })
          .set({ ttl: ttlOf(receipt.data.created, 'payment') })
          .go();
      if (request.data && request.data.ttl === undefined)
        await entities.taxInvoiceRequest
          .patch({ merchantUid })
          .set({ ttl: ttlOf(request.data.created, 'payment') })
          .go();
    }),
  );
  return true;
}
