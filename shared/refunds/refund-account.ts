import * as z from 'zod';

/**
 * The bank account a refund is sent to (issue 30): a virtual account's refund through the provider, or a
 * bank transfer from the product's account. The banks are those of the virtual-account channel's bank
 * code table, KG Inicis (PortOne's "PG사별 은행코드", developers.portone.io
 * `src/routes/(root)/opi/ko/support/code-info/pg-1.mdx`): the code is what `refund_bank` carries, and a
 * bank transfer records the same code. Each bank's name is shown in the reader's language
 * (`refund-banks` namespace, key = the bank's id).
 */
export const REFUND_BANKS = [
  { id: 'kb', code: '04' },
  { id: 'shinhan', code: '88' },
  { id: 'woori', code: '20' },
  { id: 'hana', code: '81' },
  { id: 'nonghyup', code: '11' },
  { id: 'ibk', code: '03' },
  { id: 'kakaobank', code: '90' },
  { id: 'kbank', code: '89' },
  { id: 'tossbank', code: '92' },
  { id: 'sc', code: '23' },
  { id: 'citi', code: '27' },
  { id: 'kdb', code: '02' },
  { id: 'suhyup', code: '07' },
  { id: 'daegu', code: '31' },
  { id: 'busan', code: '32' },
  { id: 'kwangju', code: '34' },
  { id: 'jeonbuk', code: '37' },
  { id: 'kyongnam', code: '39' },
  { id: 'kfcc', code: '45' },
  { id: 'shinhyup', code: '48' },
  { id: 'post', code: '71' },
  { id: 'livestock', code: '12' },
] as const;
export type RefundBankCode = (typeof REFUND_BANKS)[number]['code'];
export const REFUND_BANK_CODES = REFUND_BANKS.map((bank) => bank.code) as [
  RefundBankCode,
  ...RefundBankCode[],
];

/** The i18n namespace of the banks' names. */
export const REFUND_BANKS_NAMESPACE = 'refund-banks';

export function refundBankId(code: string): string | undefined {
  return REFUND_BANKS.find((bank) => bank.code === code)?.id;
}

/**
 * Korean account numbers are 10 to 14 digits (16 at a few banks, with the branch and product written in);
 * people type them with hyphens or spaces, which are left out.
 */
const ACCOUNT_DIGITS = /^\d{8,16}$/;

export function accountDigits(text: string): string {
  return text.replace(/[\s-]/g, '');
}

/** The account as a person types it: the holder is the account's name as the bank has it. */
export const RefundAccountSchema = z.object({
  bankCode: z.enum(REFUND_BANK_CODES),
  accountNumber: z
    .string()
    .max(40)
    .transform(accountDigits)
    .refine((digits) => ACCOUNT_DIGITS.test(digits)),
  holder: z.string().trim().min(1).max(30),
});
export type RefundAccount = z.output<typeof RefundAccountSchema>;

/** An account number as it is shown anywhere (`***-***-890`): its last three digits only. */
export function maskAccountNumber(digits: string): string {
  return `***-***-${digits.slice(-3)}`;
}

/** The account as it may be shown and kept after its refund: the bank, the holder, the masked number. */
export interface MaskedRefundAccount {
  bankCode: string;
  holder: string;
  accountMasked: string;
}

export function maskedAccount(account: RefundAccount): MaskedRefundAccount {
  return {
    bankCode: account.bankCode,
    holder: account.holder,
    accountMasked: maskAccountNumber(account.accountNumber),
  };
}
