import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { formatAdminError } from '../../../../shared/errors/catalogue.ts';
import { ApiError } from '../api-client.ts';
import { ConsoleMessageError, errorText } from './error-text.ts';

/** Texts by key; a key without a text is not "existing" (as i18next.exists answers). */
const TEXTS: Record<string, string> = {
  'console-shell:date.invalid': 'Invalid date format',
  'console-shell:error.not_found': 'It does not exist.',
  'console-shell:error.invalid_argument': 'The server refused the input.',
  'console-shell:error.network': 'The server could not be reached.',
  'console-shell:error.unexpected': 'Something went wrong.',
  'console-refunds:no_plan': 'This account has no plan to refund.',
};
const t = (key: string) => TEXTS[key] ?? `?${key}`;
const read = (error: unknown, texts?: Record<string, string>) =>
  errorText(error, t, (key) => key in TEXTS, texts);
const adminFailure = (code: string, message: string) =>
  new ApiError('L01', code, 500, formatAdminError(code, message));

describe('what an operator reads for a failure', () => {
  it('is the specification’s message when the server names it, a validation’s first issue included', () => {
    expect(read(adminFailure('invalid_argument', 'console-shell:date.invalid'))).toEqual({
      text: 'Invalid date format',
      code: 'invalid_argument',
    });
    const refused = z
      .object({ to: z.number().refine(() => false, 'console-shell:date.invalid') })
      .safeParse({ to: 1 });
    const prettified = refused.success ? '' : z.prettifyError(refused.error);
    expect(read(adminFailure('invalid_argument', prettified))).toEqual({
      text: 'Invalid date format',
      code: 'invalid_argument',
    });
  });

  it('is never the server’s own text: the screen’s text for the code, else the console’s', () => {
    const noPlan = adminFailure('not_found', 'The account has no plan to refund');
    expect(read(noPlan)).toEqual({ text: 'It does not exist.', code: 'not_found' });
    expect(read(noPlan, { not_found: 'console-refunds:no_plan' })).toEqual({
      text: 'This account has no plan to refund.',
      code: 'not_found',
    });
    expect(read(adminFailure('invalid_argument', '✖ Expected number → at price'))).toEqual({
      text: 'The server refused the input.',
      code: 'invalid_argument',
    });
    expect(read(new ApiError('L04', undefined, undefined, 'Failed to fetch'))).toEqual({
      text: 'The server could not be reached.',
      code: 'network',
    });
    expect(read(new Error('TypeError: x is undefined'))).toEqual({ text: 'Something went wrong.' });
    expect(read(new ConsoleMessageError('console-shell:date.invalid'))).toEqual({
      text: 'Invalid date format',
    });
  });
});
