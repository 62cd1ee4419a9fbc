/**
 * Order ids sent to the payment provider (merchant_uid) and billing-key ids (customer_uid). A readable
 * prefix tells an operator what a payment was for at a glance in the provider's console; the rest is
 * 130 random bits, so an id can be neither guessed nor repeated. 30 characters, within the provider's
 * 40 for merchant_uid.
 */
export const MERCHANT_UID_PREFIX = {
  order: 'ord',
  renewal: 'rnw',
  upgrade: 'upg',
  eraser: 'ers',
  'change-card': 'chc',
  /** An operator's direct deposit (admin-console.md section 2). */
  'direct-deposit': 'dep',
} as const;
export type MerchantUidKind = keyof typeof MERCHANT_UID_PREFIX;

const CUSTOMER_UID_PREFIX = 'cus';

/** Lower-case letters and digits without i, l, o, u: 32 symbols, 5 bits each, nothing to misread. */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const RANDOM_LENGTH = 26;

function idPart(bytes: Uint8Array): string {
  return Array.from(bytes.subarray(0, RANDOM_LENGTH), (byte) => ALPHABET[byte & 31]).join('');
}

function randomPart(): string {
  return idPart(globalThis.crypto.getRandomValues(new Uint8Array(RANDOM_LENGTH)));
}

export function newMerchantUid(kind: MerchantUidKind): string {
  return `${MERCHANT_UID_PREFIX[kind]}_${randomPart()}`;
}

/**
 * A merchant uid made from given bytes (at least 26, e.g. a digest of what the payment is for) instead
 * of random ones: the same bytes give the same id, so a step that is retried names its payment again
 * rather than making a second one (a scheduled deposit's run).
 */
export function merchantUidFrom(kind: MerchantUidKind, bytes: Uint8Array): string {
  if (bytes.length < RANDOM_LENGTH) throw new RangeError(`At least ${RANDOM_LENGTH} bytes are needed`);
  return `${MERCHANT_UID_PREFIX[kind]}_${idPart(bytes)}`;
}

export function newCustomerUid(): string {
  return `${CUSTOMER_UID_PREFIX}_${randomPart()}`;
}

const KIND_BY_PREFIX = new Map<string, MerchantUidKind>(
  Object.entries(MERCHANT_UID_PREFIX).map(([kind, prefix]) => [prefix, kind as MerchantUidKind]),
);
const ID_PATTERN = new RegExp(`^([a-z]{3})_[${ALPHABET}]{${RANDOM_LENGTH}}$`);

/** The kind of a merchant uid this product made, or undefined for anything else. */
export function merchantUidKind(value: string): MerchantUidKind | undefined {
  const prefix = ID_PATTERN.exec(value)?.[1];
  return prefix === undefined ? undefined : KIND_BY_PREFIX.get(prefix);
}

export function isCustomerUid(value: string): boolean {
  return ID_PATTERN.exec(value)?.[1] === CUSTOMER_UID_PREFIX;
}
