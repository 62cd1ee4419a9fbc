import * as z from 'zod';
import {
  EMAIL_MAX,
  emailRule,
  NAME_MAX,
  NAME_MAX_UTF16,
  NAME_MIN,
  nameRule,
  PASSWORD_MAX,
  PASSWORD_MIN,
  passwordRule,
} from '../identity/account-rules.ts';
import { REFERRAL_TYPES } from '../identity/referral.ts';
import { SITE_LANGUAGES } from '../languages.ts';

/**
 * The rules of an account an operator creates (admin-console.md section 5, "User create" and "Bulk user
 * create"). The bounds and character sets are the site's sign-up rules (account-rules.ts), so an
 * account made in the console could also have been made on the site; only the messages differ. Each
 * message is an i18n key of the `console-users` namespace, with `min`/`max` from ADMIN_USER_LIMITS.
 * The server checks every row of a bulk upload with the same rule and records the key as the reason.
 */
export const ADMIN_USER_LIMITS = {
  name: { min: NAME_MIN, max: NAME_MAX },
  password: { min: PASSWORD_MIN, max: PASSWORD_MAX },
} as const;

const messages = {
  name: 'console-users:validation.name',
  passwordRequired: 'console-users:validation.password_required',
  passwordLength: 'console-users:validation.password_length',
  passwordCharacters: 'console-users:validation.password_characters',
  email: 'console-users:validation.email',
  assistEmail: 'console-users:validation.assist_email',
  assistEmailRequired: 'console-users:validation.assist_email_required',
  referralCodeWithoutType: 'console-users:validation.referral_code_without_type',
  referralCodeRequired: 'console-users:validation.referral_code_required',
  language: 'console-users:validation.language',
  desc: 'console-users:validation.desc',
  noUsers: 'console-users:validation.no_users',
} as const;
export const ADMIN_USER_MESSAGES = messages;

const validEmail = (value: string) => emailRule.safeParse(value).success;
const textLength = (value: string) => [...value].length;

/** One account to create, as the create form and a CSV row give it (empty text for "not given"). */
export const adminUserCreateInfoRule = z
  .object({
    name: z
      .string()
      .max(NAME_MAX_UTF16, messages.name)
      .refine((value) => nameRule.safeParse(value).success, messages.name)
      .meta({ maxLength: NAME_MAX }),
    email: z.string().trim().max(EMAIL_MAX, messages.email).refine(validEmail, messages.email),
    password: z
      .string()
      .min(1, messages.passwordRequired)
      .max(PASSWORD_MAX, messages.passwordLength)
      .refine(
        (value) => textLength(value) >= PASSWORD_MIN && textLength(value) <= PASSWORD_MAX,
        messages.passwordLength,
      )
      .refine((value) => passwordRule.safeParse(value).success, messages.passwordCharacters),
    language: z.enum(SITE_LANGUAGES, { message: messages.language }),
    assistEmail: z
      .string()
      .trim()
      .max(EMAIL_MAX, messages.assistEmail)
      .refine((value) => value === '' || validEmail(value), messages.assistEmail)
      .default(''),
    referralType: z.union([z.literal(''), z.enum(REFERRAL_TYPES)]).default(''),
    referralCode: z.string().trim().max(64).default(''),
  })
  .superRefine((info, context) => {
    if (!info.referralType && info.referralCode)
      context.addIssue({ code: 'custom', path: ['referralCode'], message: messages.referralCodeWithoutType });
    // As on the site's sign-up: a referral type names a partner, and the code says who referred.
    if (info.referralType && !info.referralCode)
      context.addIssue({ code: 'custom', path: ['referralCode'], message: messages.referralCodeRequired });
  });
export type AdminUserCreateInfo = z.output<typeof adminUserCreateInfoRule>;
export type AdminUserCreateForm = z.input<typeof adminUserCreateInfoRule>;

/** The desc every admin action that asks for one must carry (the record in the user's activities). */
export const adminDescRule = z.string().trim().min(1, messages.desc).max(1000);

/** The CSV page's form: the assist e-mail every created account gets, and the desc. */
export const bulkUserCreateFormRule = z.object({
  assistEmail: z
    .string()
    .trim()
    .min(1, messages.assistEmailRequired)
    .max(EMAIL_MAX, messages.assistEmail)
    .refine(validEmail, messages.assistEmail),
  desc: adminDescRule,
});

/** A bulk upload carries at most this many accounts (about 1 MB of JSON, well inside a request). */
export const BULK_USER_CREATE_MAX = 5000;

/** The CSV columns of a bulk user create, in the order of the template. */
export const BULK_USER_CSV_COLUMNS = [
  'email',
  'name',
  'password',
  'language',
  'referralType',
  'referralCode',
] as const;
