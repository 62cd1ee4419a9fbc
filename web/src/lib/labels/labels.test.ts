import { describe, expect, it } from 'vitest';
import { i18nWithBundles } from '../../i18n/bundles-for-tests.ts';
import { anyCodeLabel } from './labels.ts';

describe('a code named without its kind', () => {
  it('is named by the table that has it, a plan code by its plan, and anything else is no code', async () => {
    const { t } = await i18nWithBundles('ko', ['pay-methods', 'labels', 'common', 'console-tax-invoices']);
    expect(anyCodeLabel(t, 'phone')).toBe(t('pay-methods:phone'));
    expect(anyCodeLabel(t, 'phone')).not.toBe('phone');
    expect(anyCodeLabel(t, 'ONE_YEAR')).toBe(t('common:plan_period.ONE_YEAR'));
    expect(anyCodeLabel(t, 'sent')).toBe(t('console-tax-invoices:document_state.sent'));
    expect(anyCodeLabel(t, 'Y1_LIGHT_V3')).toContain(t('common:plan_period.ONE_YEAR'));
    expect(anyCodeLabel(t, 'PortOne')).toBeUndefined();
    expect(anyCodeLabel(t, 'the')).toBeUndefined();
  });
});
