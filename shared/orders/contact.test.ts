import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { japanPhoneMask, maskEmail, PhoneNumberSchema, toE164 } from './contact.ts';

describe('the phone number', () => {
  it('is sent in E.164 from the calling code and what was typed (the trunk 0 dropped)', () => {
    expect(toE164('82', '010-1234-5678')).toBe('+821012345678');
    expect(toE164('81', '090 1234 5678')).toBe('+819012345678');
    expect(toE164('1', '(415) 555-0100')).toBe('+14155550100');
    expect(toE164('82', '  ')).toBe('');
    expect(PhoneNumberSchema.safeParse('+821012345678').success).toBe(true);
    expect(PhoneNumberSchema.safeParse('01012345678').success).toBe(false);
  });

  it('is masked 3-4-4 in Japan, whatever is typed', () => {
    expect(japanPhoneMask('09012345678')).toBe('090-1234-5678');
    expect(japanPhoneMask('090-12')).toBe('090-12');
    expect(japanPhoneMask('0901234567890')).toBe('090-1234-5678');
    fc.assert(
      fc.property(fc.string(), (typed) => {
        const masked = japanPhoneMask(typed);
        expect(masked).toMatch(/^(\d{1,3}(-\d{1,4}(-\d{1,4})?)?)?$/);
        expect(japanPhoneMask(masked)).toBe(masked);
      }),
    );
  });
});

describe('an address shown to someone else', () => {
  it('keeps two characters and the domain', () => {
    expect(maskEmail('demo@cutloom.local')).toBe('de***@cutloom.local');
    expect(maskEmail('someone.long@example.com')).toBe('so**********@example.com');
    expect(maskEmail('a@b.co')).toBe('a***@b.co');
  });
});
