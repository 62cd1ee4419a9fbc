import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SITE_LANGUAGES } from '../../../../shared/languages.ts';
import { LABEL_TABLES } from './label-tables.ts';

/** Every code a person may be shown has its label in each of the five languages (issue 32, point 2). */
const locales = join(import.meta.dirname, '../../i18n/locales');

function labelOf(language: string, key: string): unknown {
  const [namespace = '', path = ''] = key.split(':');
  const bundle: unknown = JSON.parse(readFileSync(join(locales, language, `${namespace}.json`), 'utf8'));
  return path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], bundle);
}

describe('label tables', () => {
  it.each(
    SITE_LANGUAGES.flatMap((language) =>
      Object.entries(LABEL_TABLES).map(([kind, table]) => [language, kind, table] as const),
    ),
  )('%s names every %s code', (language, _kind, table) => {
    const unnamed = table.codes.filter((code) => {
      const label = labelOf(language, `${table.key}${code}`);
      return typeof label !== 'string' || label.trim() === '';
    });
    expect(unnamed).toEqual([]);
  });

  it('names the provider refund route by the payment method in every language', () => {
    for (const language of SITE_LANGUAGES)
      expect(labelOf(language, 'labels:refund_source.portone_method')).toContain('{{method}}');
  });

  it('lists each code once per table', () => {
    for (const table of Object.values(LABEL_TABLES))
      expect(new Set(table.codes).size).toBe(table.codes.length);
  });
});
