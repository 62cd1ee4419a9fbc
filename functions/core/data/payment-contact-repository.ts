import { tableService } from './client.ts';
import { PaymentContact, PaymentPhone } from './entities/payment-contact.ts';
import { UserActivity } from './entities/user-activity.ts';
import { conditionFailed, type ItemOutcomes } from './transaction.ts';
import { type AdminActivity, activityCommit } from './user-activity-repository.ts';

const db = tableService({
  paymentContact: PaymentContact,
  paymentPhone: PaymentPhone,
  userActivity: UserActivity,
});

/**
 * Changes the phone of an account's payment contact, in one transaction with the phone's owner record
 * (so the order page's phone check knows the number is this account's) and the operator's activity.
 * Answers false when the account has no payment contact.
 */
export async function updatePaymentContactPhone(
  uid: string,
  phoneNumber: string,
  activity: AdminActivity,
): Promise<boolean> {
  const { data: contact } = await db().entities.paymentContact.get({ uid }).go();
  if (!contact) return false;
  const { canceled, data } = await db()
    .transaction.write((tx) => [
      tx.paymentContact.patch({ uid }).set({ contactPhoneNumber: phoneNumber }).commit(),
      tx.paymentPhone.put({ phoneNumber, uid, email: contact.contactEmail }).commit(),
      activityCommit(tx, activity),
    ])
    .go();
  if (!canceled) return true;
  if (conditionFailed(data as ItemOutcomes, 0)) return false;
  throw new Error(`The payment contact of ${uid} could not be changed: ${JSON.stringify(data)}`);
}
