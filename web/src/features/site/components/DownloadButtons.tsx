import { useTranslation } from 'react-i18next';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import { track, trackingClient } from '../../../lib/analytics/index.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { MOBILE_QUERY, useMediaQuery } from '../../../lib/use-media-query.ts';
import { useLatest } from '../api/get-latest.ts';
import { chooseDownloads, type DownloadButton, formatSize } from '../downloads.ts';
import { useClientInfo } from '../hooks/use-client-info.ts';

export type DownloadPlace = 'header' | 'hero' | 'final';

/** The label of a download button: 'Download for Mac (Apple silicon)', 'Get it on Google Play'… */
export function useDownloadLabel() {
  const { t } = useTranslation('site');
  const { safari } = useClientInfo();
  return (button: DownloadButton | undefined) => {
    if (!button) return safari ? t('download.generic_safari') : t('download.generic');
    return t(`download.${button.platform}.${button.variant}`, {
      defaultValue: t(`download.${button.platform}.default`),
    });
  };
}

/** Opens a package, unless this is a phone or tablet, which cannot install it (the alert says so). */
export function useDownloadClick(place: DownloadPlace) {
  const { t } = useTranslation('site');
  const { mobileDevice } = useClientInfo();
  return (button: DownloadButton | undefined, event: { preventDefault(): void }) => {
    if (button?.kind === 'file' && mobileDevice) {
      event.preventDefault();
      window.alert(t('download.cannot_download'));
      return;
    }
    track(place, 'download_click', { label: button ? `${button.platform}-${button.variant}` : 'section' });
  };
}

export function useVisitorDownloads(lang: SiteLanguage) {
  const hydrated = useHydrated();
  const { os } = useClientInfo();
  const latest = useLatest(
    { cid: hydrated ? trackingClient().cid : undefined, language: lang, osName: os },
    hydrated,
  );
  return { spec: latest.data, os };
}

/**
 * The visitor's download buttons: up to two on a desktop layout, one on the mobile layout (section
 * 1). Until the release feed answers (and in pre-rendered HTML) one neutral button leads to the
 * download section; it keeps its size, so nothing moves when the real buttons arrive. The header's
 * one button keeps that short label (the package is in its tooltip): the header has room for it
 * beside the try button at every desktop width.
 */
export function DownloadButtons({ lang, place }: { lang: SiteLanguage; place: DownloadPlace }) {
  const mobileView = useMediaQuery(MOBILE_QUERY);
  const { spec, os } = useVisitorDownloads(lang);
  const label = useDownloadLabel();
  const onClick = useDownloadClick(place);
  const chosen = spec ? chooseDownloads(spec, { os, mobileView, lang }) : undefined;
  const buttons = place === 'header' ? chosen?.slice(0, 1) : chosen;
  if (!buttons) {
    return (
      <a
        className="button button-primary"
        href={`/${lang}#download`}
        onClick={(event) => onClick(undefined, event)}
      >
        {label(undefined)}
      </a>
    );
  }
  return (
    <>
      {buttons.map((button) => (
        <a
          key={button.url}
          className="button button-primary"
          href={button.url}
          data-platform={button.platform}
          title={button.kind === 'file' ? `${button.fileName} (${formatSize(button.size)})` : undefined}
          rel={button.kind === 'store' ? 'noopener' : undefined}
          onClick={(event) => onClick(button, event)}
        >
          {place === 'header' ? label(undefined) : label(button)}
        </a>
      ))}
    </>
  );
}
