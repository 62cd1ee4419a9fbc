import { useRouter } from '@tanstack/react-router';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isSiteLanguage, SITE_LANGUAGES, type SiteLanguage } from '../../../../../shared/languages.ts';
import { LANGUAGE_NAMES, pathInLanguage } from '../language-switch.ts';

/** The language dropdown of the header and the footer: same page, other language, same query. */
export function LanguageSelect({ lang, className }: { lang: SiteLanguage; className?: string }) {
  const { t } = useTranslation('site');
  const id = useId();
  // The location is read on a change only: the selector does not re-render on every navigation.
  const router = useRouter();
  return (
    <div className={`language-select ${className ?? ''}`}>
      <label htmlFor={id} className="visually-hidden">
        {t('header.language')}
      </label>
      <select
        id={id}
        value={lang}
        onChange={(event) => {
          const target = event.target.value;
          if (!isSiteLanguage(target)) return;
          const { pathname, searchStr } = router.state.location;
          void router.navigate({ href: pathInLanguage(pathname, searchStr, target) });
        }}
      >
        {SITE_LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </div>
  );
}
