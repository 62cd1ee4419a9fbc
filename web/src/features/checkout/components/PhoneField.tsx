import { type CountryCode, getCountries, getCountryCallingCode } from 'libphonenumber-js/min';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import { japanPhoneMask, toE164 } from '../../../../../shared/orders/contact.ts';

/** The country a language's visitors most likely dial from (the picker's starting choice). */
const LANGUAGE_COUNTRY: Record<SiteLanguage, CountryCode> = {
  ko: 'KR',
  ja: 'JP',
  en: 'US',
  es: 'ES',
  'zh-TW': 'TW',
};

/**
 * The phone number with its country: a picker of countries (searchable by name or calling code) and
 * the national number, masked 3-4-4 for Japan. It reports the number in E.164 ('' while empty).
 */
export function PhoneField({
  id: numberId,
  language,
  error,
  onChange,
}: {
  /** The number input's id (where an error summary's link leads). */
  id?: string;
  language: SiteLanguage;
  error?: string | undefined;
  onChange: (e164: string) => void;
}) {
  const { t } = useTranslation('order');
  const generated = useId();
  const id = numberId ?? `${generated}-number`;
  const [country, setCountry] = useState<CountryCode>(LANGUAGE_COUNTRY[language]);
  const [national, setNational] = useState('');
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const picker = useRef<HTMLDivElement>(null);

  const countries = useMemo(() => {
    const names = new Intl.DisplayNames([language], { type: 'region' });
    return getCountries()
      .map((code) => ({ code, name: names.of(code) ?? code, callingCode: getCountryCallingCode(code) }))
      .sort((a, b) => a.name.localeCompare(b.name, language));
  }, [language]);
  const shown = countries.filter(
    (candidate) =>
      !search.trim() ||
      candidate.name.toLowerCase().includes(search.trim().toLowerCase()) ||
      `+${candidate.callingCode}`.includes(search.trim()),
  );
  const current = countries.find((candidate) => candidate.code === country);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!picker.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const update = (nextCountry: CountryCode, typed: string) => {
    const masked = nextCountry === 'JP' ? japanPhoneMask(typed) : typed.replace(/[^\d\s-]/g, '');
    setCountry(nextCountry);
    setNational(masked);
    onChange(toE164(getCountryCallingCode(nextCountry), masked));
  };

  return (
    <div className="text-field order-phone">
      <label htmlFor={id}>{t('contact.phone')}</label>
      <div className="order-phone-row" ref={picker}>
        <button
          type="button"
          className="order-phone-country"
          aria-haspopup="listbox"
          aria-expanded={open}
          aria-label={t('contact.country', { country: current?.name ?? country })}
          onClick={() => setOpen(!open)}
        >
          {country} +{current?.callingCode}
        </button>
        <input
          id={id}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          value={national}
          placeholder={country === 'JP' ? '090-1234-5678' : ''}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => update(country, event.target.value)}
        />
        {open ? (
          <div className="order-phone-picker">
            <input
              type="search"
              aria-label={t('contact.country_search')}
              placeholder={t('contact.country_search')}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
            <div className="order-phone-options" role="listbox" aria-label={t('contact.country_list')}>
              {shown.map((candidate) => (
                <div
                  key={candidate.code}
                  role="option"
                  aria-selected={candidate.code === country}
                  tabIndex={0}
                  onClick={() => {
                    update(candidate.code, national);
                    setOpen(false);
                  }}
                  onKeyDown={(event) => {
                    if (event.key !== 'Enter') return;
                    update(candidate.code, national);
                    setOpen(false);
                  }}
                >
                  {candidate.name} +{candidate.callingCode}
                </div>
              ))}
            </div>
          </div>
        ) : null}
      </div>
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
