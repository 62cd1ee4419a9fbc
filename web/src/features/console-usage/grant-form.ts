import * as z from 'zod';
import { usageGrantAmountsRule } from '../../../../shared/usage/usage-grant-rules.ts';

/** The usage grant's amount fields, as the single and the bulk form show them. */
export const GRANT_AMOUNTS = ['sttMin', 'tts', 'translate', 'genimage'] as const;

export type GrantForm = {
  allowPlus: boolean;
  sttMin: string;
  tts: string;
  translate: string;
  genimage: string;
  desc: string;
};
export type GrantAmounts = z.output<typeof usageGrantAmountsRule>;

export const GRANT_FORM_DEFAULTS: GrantForm = {
  allowPlus: false,
  sttMin: '0',
  tts: '0',
  translate: '0',
  genimage: '0',
  desc: '',
};

/** A typed amount as a number; text that is no number stays text, so the rule says 'This field should be number'. */
const typedNumber = (value: unknown) => {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : value;
};

/** The form's text fields read as the grant's rule (shared/usage/usage-grant-rules.ts) wants them. */
export const grantFormRule: z.ZodType<GrantAmounts, GrantForm> = z.preprocess(
  (form) =>
    Object.fromEntries(
      Object.entries(form as Record<string, unknown>).map(([name, value]) => [
        name,
        (GRANT_AMOUNTS as readonly string[]).includes(name) ? typedNumber(value) : value,
      ]),
    ),
  usageGrantAmountsRule,
  // preprocess takes unknown input; the form's text fields are what it is given.
) as never;
