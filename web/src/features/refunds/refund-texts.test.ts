import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ATTENTION_KINDS } from '../../../../shared/attention/attention-cases.ts';
import { SITE_LANGUAGES } from '../../../../shared/languages.ts';
import { REFUND_BANKS, REFUND_BANKS_NAMESPACE } from '../../../../shared/refunds/refund-account.ts';
import { OWN_WAY_CLOSED, REFUND_REFUSALS } from '../../../../shared/refunds/refund-session.ts';
import { NAMESPACES } from '../../i18n/i18n.ts';
import { REFUND_WAY_KINDS } from '../../lib/refund-ways.ts';
import { REFUND_FAILURES } from './refund-failure.ts';

/**
 * Every text the refund screens choose by a code (the keys the literal-key test cannot see), in all five
 * languages: the banks, each way, why a way is closed, each refusal, each failure, each account problem.
 */
const locales = join(import.meta.dirname, '../../i18n/locales');
const bundle = (language: string, namespace: string) =>
  JSON.parse(readFileSync(join(locales, language, `${namespace}.json`), 'utf8')) as Record<string, unknown>;
const at = (node: unknown, key: string) =>
  key.split('.').reduce<unknown>((found, part) => (found as Record<string, unknown>)?.[part], node);
const PROBLEMS = [
  'bank_missing',
  'number_missing',
  'number_invalid',
  'holder_missing',
  'holder_too_long',
  'holder_mismatch',
  'invalid_account',
];

const needed: Record<string, string[]> = {
  [REFUND_BANKS_NAMESPACE]: REFUND_BANKS.map((bank) => bank.id),
  refund: [
    ...REFUND_WAY_KINDS.flatMap((kind) => [`way.${kind}`, `success.to.${kind}`]),
    ...OWN_WAY_CLOSED.map((reason) => `way.closed.${reason}`),
    ...REFUND_REFUSALS.map((refusal) => `way.refusal.${refusal}`),
    ...REFUND_FAILURES.flatMap((failure) => [`fail.what.${failure}`, `fail.next.${failure}`]),
    ...PROBLEMS.map((problem) => `account.problem.${problem}`),
  ],
  // The console names a way by the one label table of refund sources (lib/labels, label-tables.test.ts).
  'console-refunds': [
    ...OWN_WAY_CLOSED.map((reason) => `closed.${reason}`),
    ...REFUND_REFUSALS.map((refusal) => `refusal.${refusal}`),
    ...PROBLEMS.map((problem) => `account.problem.${problem}`),
  ],
  'console-attention': ATTENTION_KINDS.map((kind) => `kind.${kind}`),
};

describe('refund texts', () => {
  it('loads the banks’ names as a namespace of their own', () => {
    expect(NAMESPACES).toContain(REFUND_BANKS_NAMESPACE);
  });

  it.each(SITE_LANGUAGES)('%s has a text for every code the refund screens show', (language) => {
    const missing = Object.entries(needed).flatMap(([namespace, keys]) => {
      const texts = bundle(language, namespace);
      return keys.filter((key) => !String(at(texts, key) ?? '').trim()).map((key) => `${namespace}:${key}`);
    });
    expect(missing).toEqual([]);
  });
});
