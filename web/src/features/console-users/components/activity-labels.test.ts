import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SITE_LANGUAGES } from '../../../../../shared/languages.ts';
import { ADMIN_ACTIONS } from '../../../../../shared/users/admin-actions.ts';

/** Every admin action an account's activities can show is named in each console language (issue 19, defect 3). */
const locales = join(import.meta.dirname, '../../../i18n/locales');

describe('user activity labels', () => {
  it.each(SITE_LANGUAGES)('%s names every action of shared/users/admin-actions.ts', (language) => {
    const bundle = JSON.parse(readFileSync(join(locales, language, 'console-users.json'), 'utf8'));
    const unnamed = ADMIN_ACTIONS.filter((action) => {
      const label = action
        .split('.')
        .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], bundle.activity.actions);
      return typeof label !== 'string' || label.trim() === '';
    });
    expect(unnamed).toEqual([]);
  });
});
