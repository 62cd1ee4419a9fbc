import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLIENT_ERROR_CODES, IDENTITY_ERRORS } from '../../../shared/errors/catalogue.ts';
import { SITE_LANGUAGES } from '../../../shared/languages.ts';
import { PLAN_PERIODS, PLAN_TYPES } from '../../../shared/plans/plan-types.ts';
import { NAMESPACES } from './i18n.ts';

const localesDir = join(import.meta.dirname, 'locales');
const srcDir = join(import.meta.dirname, '..');

function flatten(value: unknown, prefix = ''): Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return { [prefix]: value };
  return Object.entries(value).reduce<Record<string, unknown>>(
    (all, [key, child]) => Object.assign(all, flatten(child, prefix ? `${prefix}.${key}` : key)),
    {},
  );
}

const bundles = Object.fromEntries(
  SITE_LANGUAGES.map((lang) => [
    lang,
    Object.fromEntries(
      NAMESPACES.map((ns) => [
        ns,
        flatten(JSON.parse(readFileSync(join(localesDir, lang, `${ns}.json`), 'utf8'))),
      ]),
    ),
  ]),
) as Record<string, Record<string, Record<string, unknown>>>;

const reference = bundles.en as Record<string, Record<string, unknown>>;

describe('translations', () => {
  it.each(SITE_LANGUAGES.flatMap((lang) => NAMESPACES.map((ns) => [lang, ns] as const)))(
    '%s/%s has exactly the keys of every other language, none empty',
    (lang, ns) => {
      const keys = Object.keys(bundles[lang]?.[ns] ?? {}).sort();
      expect(keys).toEqual(Object.keys(reference[ns] ?? {}).sort());
      for (const key of keys)
        expect(String(bundles[lang]?.[ns]?.[key] ?? '').trim(), `${lang}/${ns}:${key}`).not.toBe('');
    },
  );

  it('has a text for every client error code and identity error of the catalogue', () => {
    for (const code of CLIENT_ERROR_CODES) expect(reference.errors).toHaveProperty([code]);
    for (const { message } of Object.values(IDENTITY_ERRORS))
      expect(reference.errors).toHaveProperty([message]);
    expect(reference.errors).toHaveProperty(['error.unknown']);
  });

  it('names every plan type and period', () => {
    for (const type of PLAN_TYPES) expect(reference.common).toHaveProperty([`plan_type.${type}`]);
    for (const period of PLAN_PERIODS) expect(reference.common).toHaveProperty([`plan_period.${period}`]);
  });

  it('has every literal key the sources use', () => {
    const files = readdirSync(srcDir, { recursive: true, encoding: 'utf8' }).filter(
      (file) => /\.tsx?$/.test(file) && !file.endsWith('.test.ts') && !file.endsWith('.gen.ts'),
    );
    const missing: string[] = [];
    for (const file of files) {
      const source = readFileSync(join(srcDir, file), 'utf8');
      const namespace = source.match(/useTranslation\('([\w-]+)'\)/)?.[1] ?? 'common';
      for (const [, key] of source.matchAll(/\bt\('([^']+)'\)/g)) {
        const [ns, path] = key?.includes(':')
          ? (key.split(':') as [string, string])
          : [namespace, key as string];
        if (!(reference[ns] && path in reference[ns])) missing.push(`${file}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
