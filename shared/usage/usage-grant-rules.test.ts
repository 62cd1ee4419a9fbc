import { describe, expect, it } from 'vitest';
import {
  BULK_USAGE_GRANT_MAX,
  bulkUsageGrantRule,
  grantDeltas,
  USAGE_GRANT_MAX,
  USAGE_GRANT_MESSAGES,
  usageGrantAmountsRule,
} from './usage-grant-rules.ts';

const grant = { allowPlus: false, sttMin: 0, tts: 0, translate: 0, genimage: 0, desc: 'goodwill' };

function problems(input: Record<string, unknown>): Record<string, string[]> {
  const result = usageGrantAmountsRule.safeParse({ ...grant, ...input });
  const byField: Record<string, string[]> = {};
  if (!result.success)
    for (const issue of result.error.issues)
      byField[String(issue.path[0])] = [...(byField[String(issue.path[0])] ?? []), issue.message];
  return byField;
}

describe('the usage grant rule', () => {
  it('takes STT minutes with decimals and counts them in whole seconds', () => {
    const parsed = usageGrantAmountsRule.parse({ ...grant, sttMin: -2.5 });
    expect(grantDeltas(parsed).STT).toBe(-150);
    expect(problems({ sttMin: 2.5 })).toEqual({ sttMin: [USAGE_GRANT_MESSAGES.plusNotAllowed] });
    expect(problems({ tts: 1.5 })).toEqual({ tts: [USAGE_GRANT_MESSAGES.number] });
  });

  it('reports every problem at once: a missing desc beside the amounts', () => {
    expect(problems({ desc: '' })).toEqual({
      sttMin: [USAGE_GRANT_MESSAGES.nonZero],
      tts: [USAGE_GRANT_MESSAGES.nonZero],
      translate: [USAGE_GRANT_MESSAGES.nonZero],
      genimage: [USAGE_GRANT_MESSAGES.nonZero],
      desc: [expect.any(String)],
    });
    expect(problems({ desc: '', translate: 'x', tts: 5 })).toEqual({
      translate: [USAGE_GRANT_MESSAGES.number],
      tts: [USAGE_GRANT_MESSAGES.plusNotAllowed],
      desc: [expect.any(String)],
    });
  });

  it('uses quota up only with allowPlus, which is off unless turned on; giving quota back needs nothing', () => {
    const { allowPlus: _, ...withoutAllowPlus } = grant;
    expect(usageGrantAmountsRule.safeParse({ ...withoutAllowPlus, tts: 500 }).success).toBe(false);
    expect(problems({ allowPlus: true, sttMin: 2, tts: 500, translate: 1, genimage: 3 })).toEqual({});
    expect(problems({ sttMin: -2, tts: -500, translate: -1, genimage: -3 })).toEqual({});
    expect(problems({ tts: -500 })).toEqual({});
  });

  it('moves a counter by at most USAGE_GRANT_MAX at once, STT counted in seconds', () => {
    const most = { allowPlus: true, tts: USAGE_GRANT_MAX, sttMin: USAGE_GRANT_MAX / 60 };
    expect(problems(most)).toEqual({});
    expect(grantDeltas(usageGrantAmountsRule.parse({ ...grant, ...most })).STT).toBe(USAGE_GRANT_MAX);
    expect(problems({ ...most, sttMin: -USAGE_GRANT_MAX / 60 })).toEqual({});
    expect(problems({ allowPlus: true, sttMin: USAGE_GRANT_MAX / 60 + 1 })).toEqual({
      sttMin: [USAGE_GRANT_MESSAGES.number],
    });
    expect(problems({ sttMin: -USAGE_GRANT_MAX / 60 - 1 })).toEqual({
      sttMin: [USAGE_GRANT_MESSAGES.number],
    });
    expect(problems({ genimage: -USAGE_GRANT_MAX - 1 })).toEqual({ genimage: [USAGE_GRANT_MESSAGES.number] });
    expect(problems({ sttMin: 'ten' })).toEqual({ sttMin: [USAGE_GRANT_MESSAGES.number] });
    // A form's text that is no number yet gets only its own message, not the allowPlus one.
    expect(problems({ tts: '5' })).toEqual({ tts: [USAGE_GRANT_MESSAGES.number] });
  });

  it('converts each amount to its counter’s movement', () => {
    expect(grantDeltas({ sttMin: 1.5, tts: -20, translate: 30, genimage: -4 })).toEqual({
      STT: 90,
      TTS: -20,
      TRANSLATE: 30,
      GENIMAGE: -4,
    });
  });
});

describe('the bulk usage grant', () => {
  const bulk = (uidOrEmails: unknown) => bulkUsageGrantRule.safeParse({ ...grant, tts: -100, uidOrEmails });

  it('takes one to BULK_USAGE_GRANT_MAX uids or e-mails, each trimmed and non-blank', () => {
    expect(bulk([' uid-1 ', 'kim@example.com']).data?.uidOrEmails).toEqual(['uid-1', 'kim@example.com']);
    expect(bulk([]).error?.issues.map((issue) => issue.message)).toEqual([USAGE_GRANT_MESSAGES.noUids]);
    expect(bulk(Array.from({ length: BULK_USAGE_GRANT_MAX }, (_, i) => `u${i}`)).success).toBe(true);
    expect(
      bulk(Array.from({ length: BULK_USAGE_GRANT_MAX + 1 }, (_, i) => `u${i}`)).error?.issues.map(
        (issue) => issue.message,
      ),
    ).toEqual([USAGE_GRANT_MESSAGES.tooMany]);
    expect(bulk(['  ']).success).toBe(false);
    expect(bulk([`${'a'.repeat(245)}@mail.com`]).success).toBe(true);
    expect(bulk([`${'a'.repeat(246)}@mail.com`]).success).toBe(false);
  });

  it('checks the amounts as the single grant does', () => {
    expect(bulkUsageGrantRule.safeParse({ ...grant, uidOrEmails: ['u1'] }).success).toBe(false);
    expect(bulkUsageGrantRule.safeParse({ ...grant, tts: 5, uidOrEmails: ['u1'] }).success).toBe(false);
  });
});
