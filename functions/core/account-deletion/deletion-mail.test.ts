import { describe, expect, it } from 'vitest';
import { SITE_LANGUAGES } from '../../../shared/languages.ts';
import { composeDeletionMail } from './deletion-mail.ts';

const unfilled = /\{\w+\}|undefined|NaN|Invalid DateTime/;

describe('the deletion mail', () => {
  it.each(SITE_LANGUAGES)('confirms in %s the day, and what the law keeps for 5 and 3 years', (language) => {
    const mail = composeDeletionMail(language, Date.UTC(2027, 1, 1), 'https://x.test/');
    for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toMatch(unfilled);
    expect(mail.text).toContain('2027');
    expect(mail.text).toMatch(/5/);
    expect(mail.text).toMatch(/3/);
  });
});
