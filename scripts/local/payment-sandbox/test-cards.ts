/**
 * The sandbox's test cards: the number decides what happens, at the checkout (card and every card-like
 * method: easy pays, PayPal, phone), when a billing key is issued, and when a billing key is charged.
 * docs/payments.md and /_local/payments list them from here.
 */
export interface Decline {
  code: string;
  /** What the card PG says, as the real ones do: in Korean. */
  message: string;
}

export interface TestCard {
  number: string;
  cardName: string;
  summary: string;
  /** At the checkout (a one-time payment). */
  checkout:
    | { kind: 'approve' }
    | { kind: 'decline'; decline: Decline }
    | { kind: 'pending'; seconds: number };
  /** Charges of a billing key issued with this card: which charges (1-based) decline, and how. */
  charges: { kind: 'approve' } | { kind: 'decline'; from: number; decline: Decline };
  /** Each charge of its billing key answers only this long after it was asked (the charge goes on). */
  chargeAnswerSeconds?: number;
}

const CC01: Decline = { code: 'CC01', message: '잔액부족' };
const CC66: Decline = { code: 'CC66', message: '한도초과' };

export const TEST_CARDS: readonly TestCard[] = [
  {
    number: '4242424242424242',
    cardName: '신한카드',
    summary: 'Approved. As a billing key, every charge is approved.',
    checkout: { kind: 'approve' },
    charges: { kind: 'approve' },
  },
  {
    number: '4000000000000001',
    cardName: 'KB국민카드',
    summary: 'Declined [CC01] (issuer decline). No billing key is issued with it.',
    checkout: { kind: 'decline', decline: CC01 },
    charges: { kind: 'decline', from: 1, decline: CC01 },
  },
  {
    number: '4000000000000066',
    cardName: '현대카드',
    summary: 'Declined [CC66] (over limit, the special code). No billing key is issued with it.',
    checkout: { kind: 'decline', decline: CC66 },
    charges: { kind: 'decline', from: 1, decline: CC66 },
  },
  {
    number: '4000000000008124',
    cardName: '삼성카드',
    summary: 'Declined [8124] (suspended card, issuer decline).',
    checkout: { kind: 'decline', decline: { code: '8124', message: '거래정지카드' } },
    charges: { kind: 'decline', from: 1, decline: { code: '8124', message: '거래정지카드' } },
  },
  {
    number: '4000000000000099',
    cardName: '롯데카드',
    summary: 'Declined [CC99] (a card failure that is not an issuer decline: worth retrying).',
    checkout: { kind: 'decline', decline: { code: 'CC99', message: '카드사 일시 장애' } },
    charges: { kind: 'decline', from: 1, decline: { code: 'CC99', message: '카드사 일시 장애' } },
  },
  {
    number: '4000000000003000',
    cardName: '하나카드',
    summary: 'Pending (status ready) for 3 seconds, then approved: the result page retries and succeeds.',
    checkout: { kind: 'pending', seconds: 3 },
    charges: { kind: 'approve' },
  },
  {
    number: '4000000000003015',
    cardName: '우리카드',
    summary: 'Pending for 15 seconds, then approved: outlasts the result page retries (the retrier error).',
    checkout: { kind: 'pending', seconds: 15 },
    charges: { kind: 'approve' },
  },
  {
    number: '4000000000000341',
    cardName: 'NH농협카드',
    summary: 'Approved, and a billing key is issued; every charge of the key declines [CC01].',
    checkout: { kind: 'approve' },
    charges: { kind: 'decline', from: 1, decline: CC01 },
  },
  {
    number: '4000000000001212',
    cardName: '카카오뱅크카드',
    summary:
      'Approved, and a billing key (or a Naver Pay registration) is issued; each charge goes through but answers only after 12 s, long after the product stops waiting (5 s): the charge is found by its merchant_uid (the wallet: replayed).',
    checkout: { kind: 'approve' },
    charges: { kind: 'approve' },
    chargeAnswerSeconds: 12,
  },
  {
    number: '4000000000000259',
    cardName: 'BC카드',
    summary:
      'Approved, and a billing key is issued; its first charge is approved, later ones (renewals) decline [CC66].',
    checkout: { kind: 'approve' },
    charges: { kind: 'decline', from: 2, decline: CC66 },
  },
];

/** Any other number: declined, so that a typo never looks like a working card. */
export const UNKNOWN_CARD: TestCard = {
  number: '',
  cardName: '알 수 없는 카드',
  summary: 'Any other number is declined [CC15] (invalid card number).',
  checkout: {
    kind: 'decline',
    decline: { code: 'CC15', message: '카드번호 오류 (sandbox test cards: /_local/payments)' },
  },
  charges: { kind: 'decline', from: 1, decline: { code: 'CC15', message: '카드번호 오류' } },
};

export function testCard(number: string): TestCard {
  const digits = number.replace(/\D/g, '');
  return TEST_CARDS.find((card) => card.number === digits) ?? UNKNOWN_CARD;
}

/** The decline of a key's `n`th charge (1-based), or undefined when it is approved. */
export function chargeDecline(card: TestCard, n: number): Decline | undefined {
  return card.charges.kind === 'decline' && n >= card.charges.from ? card.charges.decline : undefined;
}

/** 4242424242424242 -> 4242********4242, as the provider shows a card. */
export function maskCardNumber(number: string): string {
  const digits = number.replace(/\D/g, '');
  return digits.length < 8
    ? '****'
    : `${digits.slice(0, 4)}${'*'.repeat(digits.length - 8)}${digits.slice(-4)}`;
}

export function failText(decline: Decline): string {
  return `[${decline.code}] ${decline.message}`;
}
