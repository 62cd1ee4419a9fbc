import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next, { type i18n } from 'i18next';
import type { SiteLanguage } from '../../../shared/languages.ts';

/**
 * For unit tests: an i18next instance of its own with one language's bundles read from locales/, as the
 * app would load them, so a test asserts what a person reads rather than a key.
 */
export async function i18nWithBundles(language: SiteLanguage, namespaces: readonly string[]): Promise<i18n> {
  const instance = i18next.createInstance();
  const folder = join(import.meta.dirname, 'locales', language);
  await instance.init({
    lng: language,
    ns: [...namespaces],
    resources: {
      [language]: Object.fromEntries(
        namespaces.map((ns) => [ns, JSON.parse(readFileSync(join(folder, `${ns}.json`), 'utf8'))]),
      ),
    },
  });
  return instance;
}
