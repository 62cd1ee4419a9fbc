import { useTranslation } from 'react-i18next';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import { DisabledWithReason } from '../../../components/Tooltip.tsx';
import { track } from '../../../lib/analytics/index.ts';
import { useClientInfo } from '../hooks/use-client-info.ts';
import { useConvertedCta } from '../hooks/use-converted-cta.ts';
import { tryUrl } from '../links.ts';
import { DownloadButtons, type DownloadPlace } from './DownloadButtons.tsx';

/** The online editor link; disabled, with the reason, on a browser too old for it. */
export function TryButton({ lang, place }: { lang: SiteLanguage; place: DownloadPlace }) {
  const { t } = useTranslation('site');
  const { safari, oldBrowser } = useClientInfo();
  const label = safari ? t('cta.try_safari') : t('cta.try');
  if (oldBrowser) {
    return (
      <DisabledWithReason reason={t('cta.try_unsupported')}>
        <button type="button" className="button button-secondary" disabled>
          {label}
        </button>
      </DisabledWithReason>
    );
  }
  return (
    <a
      className="button button-secondary"
      href={tryUrl(lang)}
      onClick={() => track(place, 'try_click', { label: lang })}
    >
      {label}
    </a>
  );
}

/** Try and download, in the order the converted call to action asks for. */
export function CtaButtons({ lang, place }: { lang: SiteLanguage; place: DownloadPlace }) {
  const tryFirst = useConvertedCta(lang);
  const buttons = [
    <DownloadButtons key="download" lang={lang} place={place} />,
    <TryButton key="try" lang={lang} place={place} />,
  ];
  return <div className={`cta-buttons cta-${place}`}>{tryFirst ? buttons.reverse() : buttons}</div>;
}
