import { describe, expect, it } from 'vitest';
import {
  ALIMTALK_KINDS,
  ALIMTALK_TEMPLATES,
  fillTemplate,
  koreanMobile,
  templateVariables,
} from './alimtalk-templates.ts';

describe('알림톡 templates', () => {
  it('one per kind, its variables written #{name} without dots (SOLAPI refuses dotted names)', () => {
    for (const kind of ALIMTALK_KINDS) {
      const template = ALIMTALK_TEMPLATES[kind];
      expect(template.kind).toBe(kind);
      expect(templateVariables(template).length).toBeGreaterThan(0);
      expect(templateVariables(template).filter((name) => name.includes('.'))).toEqual([]);
    }
  });

  it('fills a text only when the values are exactly its variables', () => {
    const template = ALIMTALK_TEMPLATES['plan-held'];
    expect(fillTemplate(template, { 고객명: '김하나', 상품명: 'Cutloom 스탠다드' })).toEqual({
      text: expect.stringContaining('김하나님, Cutloom 스탠다드 구독의 정기결제가'),
    });
    expect(fillTemplate(template, { 고객명: '김하나' })).toEqual({ problem: 'missing #{상품명}' });
    expect(fillTemplate(template, { 고객명: '김하나', 상품명: 'x', 금액: '1' })).toEqual({
      problem: 'not in the template #{금액}',
    });
    expect(fillTemplate(template, { 고객명: '', 상품명: 'x' })).toEqual({ problem: 'missing #{고객명}' });
  });

  it('a Korean mobile number only, in the domestic form', () => {
    expect(koreanMobile('+821012345678')).toBe('01012345678');
    expect(koreanMobile('+82 10-1234-5678')).toBe('01012345678');
    expect(koreanMobile('+82111234567')).toBe('0111234567');
    expect(koreanMobile('+82212345678')).toBeUndefined();
    expect(koreanMobile('+14155550100')).toBeUndefined();
    expect(koreanMobile('+8210123')).toBeUndefined();
    expect(koreanMobile(undefined)).toBeUndefined();
  });
});
