import { ADMIN_ERROR_CODES } from '../../../../shared/errors/catalogue.ts';
import { i18next } from '../../i18n/i18n.ts';
import { ApiError } from '../api-client.ts';

/**
 * What an operator reads for a failure: never the server's own text (issue 19, defect 8). The
 * message is the specification's where it names one (the server and the shared rules send those as
 * i18n keys, whose English text is the specification's), else a screen's own text for the code, else
 * the console's text for the code; the code itself is shown beside it as a detail.
 */
export interface ErrorText {
  text: string;
  /** The catalogue's code (an admin code, `network`), or the refusal's type. */
  code?: string | undefined;
}

/** A failure the console itself words: an i18n key and its values (a scheduler's refusal, a bad date). */
export class ConsoleMessageError extends Error {
  constructor(
    readonly key: string,
    readonly values: Record<string, unknown> = {},
  ) {
    super(key);
    this.name = 'ConsoleMessageError';
  }
}

const I18N_KEY = /^[\w-]+:[\w.-]+$/;
/** zod's prettified issue ("✖ {message}" then "→ at {path}"), as the pipeline answers invalid input. */
const FIRST_ISSUE = /^✖ (.+)$/m;

/** A screen's own texts for some codes (i18n keys), e.g. the refund screen's for `not_found`. */
export type CodeTexts = Partial<Record<string, string>>;

/** A translation function (react-i18next's `t`, or i18next's own outside React). */
export type Translate = (key: string, values?: Record<string, unknown>) => string;

export function errorText(
  error: unknown,
  t: Translate,
  exists: (key: string) => boolean,
  texts: CodeTexts = {},
): ErrorText {
  if (error instanceof ConsoleMessageError) return { text: t(error.key, error.values) };
  if (!(error instanceof ApiError)) {
    const message = error instanceof Error ? error.message : '';
    return {
      text: t(I18N_KEY.test(message) && exists(message) ? message : 'console-shell:error.unexpected'),
    };
  }
  const code = error.serverCode ?? 'network';
  const message = error.message.replace(/^AdminError: [^,]+, /, '');
  const issue = FIRST_ISSUE.exec(message)?.[1]?.trim();
  const named = [message, issue].find((text) => text && I18N_KEY.test(text) && exists(text));
  const own = texts[code];
  const generic = (ADMIN_ERROR_CODES as readonly string[]).includes(code) || code === 'network';
  const key = named ?? own ?? (generic ? `console-shell:error.${code}` : 'console-shell:error.unexpected');
  return { text: t(key, error.details), code };
}

/** The same, outside React (toasts): in the console's current language. */
export function errorTextNow(error: unknown, texts?: CodeTexts): ErrorText {
  return errorText(
    error,
    (key, values) => i18next.t(key, values),
    (key) => i18next.exists(key),
    texts,
  );
}

/** One line: the text and its code. */
export const errorLine = ({ text, code }: ErrorText) => (code ? `${text} (${code})` : text);
