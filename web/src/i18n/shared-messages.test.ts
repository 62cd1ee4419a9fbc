import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The shared rules (shared/ and the console's form rules), the admin refusals of the server and the
 * console's own texts for a refusal's code write their messages as i18n keys with a namespace; each
 * must have a text in the English bundle (locales.test.ts then checks the others).
 */
const root = join(import.meta.dirname, '../../..');
const sources = [
  'shared/users/admin-user-rules.ts',
  'shared/configs/config-entries.ts',
  'shared/jobs/bulk-repeat.ts',
  'shared/time/kst.ts',
  'functions/core/users/admin-users.ts',
  'functions/core/payments/payment-progress.ts',
  'functions/core/custom-plans/custom-plans.ts',
  'shared/surveys/smart-survey.ts',
  'shared/surveys/survey-form.ts',
  'web/src/features/console-survey-builder/components/question-rules.ts',
  'web/src/features/console-configs/components/config-rule.ts',
  'web/src/features/console-users/components/PreregistrationSection.tsx',
  'web/src/features/console-refunds/components/RefundScreen.tsx',
  'web/src/routes/admin/_console/coupon/$code/edit.tsx',
];

function keysOf(source: string): string[] {
  const direct = [...source.matchAll(/'(console-[a-z-]+:[\w.]+)'/g)].map((match) => match[1] as string);
  const prefix = source.match(/const m = \(key: string\) => `([^`$]+)\$\{key\}`/)?.[1];
  const viaHelper = prefix
    ? [...source.matchAll(/\bm\('([\w.]+)'\)/g)].map((match) => `${prefix}${match[1]}`)
    : [];
  return [...direct, ...viaHelper];
}

function english(namespace: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(import.meta.dirname, 'locales/en', `${namespace}.json`), 'utf8'));
}

describe('messages of the shared rules', () => {
  it.each(sources)('%s has an English text for every message key', (file) => {
    const keys = keysOf(readFileSync(join(root, file), 'utf8'));
    expect(keys.length).toBeGreaterThan(0);
    const missing = keys.filter((key) => {
      const [namespace = '', path = ''] = key.split(':');
      const value = path
        .split('.')
        .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], english(namespace));
      return typeof value !== 'string';
    });
    expect(missing).toEqual([]);
  });
});
