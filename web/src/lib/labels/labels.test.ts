import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { anyCodeLabel } from './labels.ts';

/** The Korean bundles a code may be named from, in a real i18next instance. */
async function korean() {
  const instance = i18next.createInstance();
  const locales = join(import.meta.dirname, '../../i18n/locales/ko');
  const namespaces = ['pay-methods', 'labels', 'common', 'console-tax-invoices'];
  await instance.init({
    lng: 'ko',
    ns: namespaces,
    resources: {
      ko: Object.fromEntries(
        namespaces.map((ns) => [ns, JSON.parse(readFileSync(join(locales, `${ns}.json`), 'utf8'))]),
      ),
    },
  });
  return instance.t;
}

describe('a code named without its kind', () => {
  it('is named by the table that has it, a plan code by its plan, and anything else is no code', async () => {
    const t = await korean();
    expect(anyCodeLabel(t, 'phone')).toBe(t('pay-methods:phone'));
    expect(anyCodeLabel(t, 'phone')).not.toBe('phone');
    expect(anyCodeLabel(t, 'ONE_YEAR')).toBe(t('common:plan_period.ONE_YEAR'));
    expect(anyCodeLabel(t, 'sent')).toBe(t('console-tax-invoices:document_state.sent'));
    expect(anyCodeLabel(t, 'Y1_LIGHT_V3')).toContain(t('common:plan_period.ONE_YEAR'));
    expect(anyCodeLabel(t, 'PortOne')).toBeUndefined();
    expect(anyCodeLabel(t, 'the')).toBeUndefined();
  });
});
