import * as z from 'zod';

/**
 * The payment contact (the order page's contact section). The phone number travels in E.164 form
 * (+821012345678): the country picker gives the calling code, the field the national number.
 */
export const PhoneNumberSchema = z
  .string()
  .max(16, 'check_contact')
  .regex(/^\+[1-9]\d{6,14}$/, 'check_contact');

/** The national digits of a typed number (spaces, dashes, brackets and a trunk 0 dropped for E.164). */
export function nationalDigits(typed: string): string {
  return typed.replace(/\D/g, '');
}

/** A number in E.164 from a calling code (e.g. "82") and what the customer typed ("010-1234-5678"). */
export function toE164(callingCode: string, typed: string): string {
  const digits = nationalDigits(typed).replace(/^0+/, '');
  return digits ? `+${callingCode}${digits}` : '';
}

/** Spec: the Japan phone mask groups 3-4-4 digits (090-1234-5678). */
export function japanPhoneMask(typed: string): string {
  const digits = nationalDigits(typed).slice(0, 11);
  return [digits.slice(0, 3), digits.slice(3, 7), digits.slice(7, 11)].filter(Boolean).join('-');
}

/**
 * An address shown to someone who may not own it (the phone check's "used by" answer): the first two
 * characters of the local part, the rest starred, the domain kept (de********@cutloom.local).
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  const local = email.slice(0, at);
  return `${local.slice(0, 2)}${'*'.repeat(Math.max(3, local.length - 2))}${email.slice(at)}`;
}
