import { useTranslation } from 'react-i18next';
import { SITE_LANGUAGES } from '../../../../../shared/languages.ts';

/** The e-mail language choices: Korean, Japanese, English, Spanish, Taiwanese (section 2). */
export function LanguageOptions() {
  const { t } = useTranslation('console-shell');
  return (
    <>
      {SITE_LANGUAGES.map((language) => (
        <option key={language} value={language}>
          {t(`language.${language}`)}
        </option>
      ))}
    </>
  );
}
