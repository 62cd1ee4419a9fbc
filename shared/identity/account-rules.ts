import * as z from 'zod';
import { REFERRAL_TYPES } from './referral.ts';

/**
 * The account field rules of sign-up and sign-in (site-and-payments.md section 5), used by the web
 * forms and by the server alike. Each message is an i18n key of the `auth` namespace.
 */

/** Letters (any script, with their marks), digits, punctuation and spaces. */
const NAME_CHARACTERS = /^[\p{L}\p{M}\p{N}\p{P}\p{Zs}]+$/u;
export const NAME_MIN = 2;
export const NAME_MAX = 32;

/** A usual address: local part, dotted domain labels, and a top-level domain of 2 to 64 letters. */
const EMAIL_FORM =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,64}$/;
export const EMAIL_MAX = 254;

/** Letters, digits and the printable ASCII symbols; at least one letter and one digit. */
const PASSWORD_CHARACTERS = /^[A-Za-z0-9!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]+$/;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 16;

/** Length in characters as a person counts them (code points, not UTF-16 units). */
const length = (value: string) => [...value].length;

/**
 * A name's bound is in code points; JSON Schema's maxLength counts code points too, so the documented
 * bound is NAME_MAX, while the cheap guard before the pattern is in UTF-16 units (two per code point at most).
 */
export const NAME_MAX_UTF16 = NAME_MAX * 2;

export const nameRule = z
  .string()
  .max(NAME_MAX_UTF16, 'validation.name_invalid')
  .refine((value) => value.trim().length > 0, 'validation.name_required')
  .refine(
    (value) => length(value) >= NAME_MIN && length(value) <= NAME_MAX && NAME_CHARACTERS.test(value),
    'validation.name_invalid',
  )
  .meta({ maxLength: NAME_MAX });

export const emailRule = z
  .string()
  .trim()
  .min(1, 'validation.email_required')
  .max(EMAIL_MAX, 'validation.email_invalid')
  .regex(EMAIL_FORM, 'validation.email_invalid');

export const passwordRule = z
  .string()
  .min(1, 'validation.password_required')
  .max(PASSWORD_MAX, 'validation.password_invalid')
  .refine(
    (value) =>
      value.length >= PASSWORD_MIN &&
      value.length <= PASSWORD_MAX &&
      PASSWORD_CHARACTERS.test(value) &&
      /[A-Za-z]/.test(value) &&
      /[0-9]/.test(value),
    'validation.password_invalid',
  );

/** The payment-start sign-in: both fields required, the password at most 16 characters. */
export const paymentSignInRule = z.object({
  email: z.string().trim().min(1, 'validation.email_required'),
  password: z
    .string()
    .min(1, 'validation.password_required')
    .max(PASSWORD_MAX, 'validation.password_too_long'),
});

/** What the sign-up form holds (the confirmation and the age group never leave the browser). */
export const signUpFormRule = z
  .object({
    name: nameRule,
    email: emailRule,
    password: passwordRule,
    passwordConfirm: z.string(),
    ageGroup: z.enum(['major', 'minor'], { message: 'validation.age_group_required' }),
    parentName: z.string(),
    parentEmail: z.string(),
    referralType: z.union([z.literal(''), z.enum(REFERRAL_TYPES)]),
    referralCode: z.string(),
  })
  .superRefine((form, context) => {
    if (form.passwordConfirm !== form.password)
      context.addIssue({
        code: 'custom',
        path: ['passwordConfirm'],
        message: 'validation.password_mismatch',
      });
    if (form.referralType && form.referralCode.trim() === '')
      context.addIssue({
        code: 'custom',
        path: ['referralCode'],
        message: 'validation.referral_code_required',
      });
    if (form.ageGroup === 'minor') {
      const parentName = nameRule.safeParse(form.parentName);
      if (!parentName.success)
        context.addIssue({
          code: 'custom',
          path: ['parentName'],
          message: parentName.error.issues[0]?.message ?? 'validation.name_invalid',
        });
      const parentEmail = emailRule.safeParse(form.parentEmail);
      if (!parentEmail.success)
        context.addIssue({
          code: 'custom',
          path: ['parentEmail'],
          message: parentEmail.error.issues[0]?.message ?? 'validation.email_invalid',
        });
      else if (sameEmail(form.parentEmail, form.email))
        context.addIssue({ code: 'custom', path: ['parentEmail'], message: 'validation.parent_email_same' });
    }
  });
export type SignUpForm = z.input<typeof signUpFormRule>;

/**
 * The one form of an address the product compares and looks up: trimmed, Unicode-normalised and
 * lower-cased. Dots and plus tags are kept: they are different mailboxes on most providers.
 */
export function normalizeEmail(email: string): string {
  return email.trim().normalize('NFC').toLowerCase();
}

export function sameEmail(a: string, b: string): boolean {
  return normalizeEmail(a) === normalizeEmail(b);
}

/** The first message key per field of a failed parse, for showing each error on its field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}
