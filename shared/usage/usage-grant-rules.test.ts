import { describe, expect, it } from 'vitest';
import { grantDeltas, USAGE_GRANT_MESSAGES, usageGrantAmountsRule } from './usage-grant-rules.ts';

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
});
