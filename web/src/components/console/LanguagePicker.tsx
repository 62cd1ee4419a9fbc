import { useTranslation } from 'react-i18next';
import type { SiteLanguage } from '../../../../shared/languages.ts';
import { CONSOLE_LANGUAGES, consoleLanguage, switchConsoleLanguage } from './console-language.ts';

/** Korean, Japanese, English, Spanish or Taiwanese; the choice is kept in this browser. */
export function LanguagePicker() {
  const { t, i18n } = useTranslation('console-shell');
  return (
    <label className="console-language">
      <span className="visually-hidden">{t('language.label')}</span>
      <select
        value={i18n.language || consoleLanguage()}
        onChange={(event) => void switchConsoleLanguage(event.target.value as SiteLanguage)}
      >
        {CONSOLE_LANGUAGES.map((language) => (
          <option key={language} value={language}>
            {t(`language.${language}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
