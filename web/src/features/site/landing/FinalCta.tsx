import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Platform } from '../../../../../shared/downloads/download-packages.ts';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import { CtaButtons } from '../components/CtaButtons.tsx';
import { useDownloadClick, useVisitorDownloads } from '../components/DownloadButtons.tsx';
import { formatSize, toButton } from '../downloads.ts';
import { FINAL_LOGO_ROTATE_MS, FINAL_LOGOS } from './content.ts';
import { illustration } from './illustration-urls.ts';

/** Each platform's icon, in the order the download list shows them. */
const PLATFORM_ICONS: Record<Platform, string> = {
  windows: 'M3 5l8-1v8H3zM13 4l8-1v9h-8zM3 13h8v7l-8-1zM13 13h8v8l-8-1z',
  macos:
    'M16 3c-1 .2-2.2.9-2.8 2c-.5.9-.6 2-.4 2.8c1.1 0 2.1-.7 2.8-1.6c.5-.9.7-2 .4-3.2M12 8c-1 0-2-.6-3-.6c-2.6 0-4.5 2.4-4.5 5.6c0 4 2.6 8 4.6 8c.9 0 1.6-.6 2.9-.6s1.9.6 2.9.6c1.6 0 3-2.4 3.6-4.2c-1.6-.8-2.6-2.3-2.6-4c0-1.5.8-2.8 2-3.6c-.9-1.2-2.2-1.8-3.5-1.8c-1 0-1.6.6-2.4.6',
  linux:
    'M12 3c-2 0-3 2-3 4v3c-2 2-4 5-4 8c0 1 1 2 2 2h10c1 0 2-1 2-2c0-3-2-6-4-8V7c0-2-1-4-3-4M10 7h.01M14 7h.01',
  ios: 'M8 2h8a1 1 0 0 1 1 1v18a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1M11 18h2',
  android: 'M5 10h14v8a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2zM7 10a5 5 0 0 1 10 0M9 6L7 3M15 6l2-3',
};

/** The closing appeal: a rotating mark, the latest version, both buttons and a download per system. */
export function FinalCta({ lang }: { lang: SiteLanguage }) {
  const { t } = useTranslation('site');
  const [logo, setLogo] = useState(0);
  const { spec } = useVisitorDownloads(lang);
  const onClick = useDownloadClick('final');
  useEffect(() => {
    const timer = setInterval(() => setLogo((index) => (index + 1) % FINAL_LOGOS), FINAL_LOGO_ROTATE_MS);
    return () => clearInterval(timer);
  }, []);
  const platforms = Object.keys(PLATFORM_ICONS) as Platform[];
  return (
    <section id="download" className="landing-section final-cta" aria-labelledby="final-title">
      <div className="final-logos" aria-hidden="true">
        {Array.from({ length: FINAL_LOGOS }, (_, index) => (
          <img
            // biome-ignore lint/suspicious/noArrayIndexKey: the three marks are fixed
            key={index}
            src={illustration(`logo-${index + 1}`)}
            alt=""
            width="96"
            height="96"
            loading="lazy"
            className={index === logo ? 'is-current' : undefined}
            data-logo={index + 1}
          />
        ))}
      </div>
      <h2 id="final-title">{t('landing.final.title')}</h2>
      <p className="final-version">
        {spec ? t('landing.final.version', { version: spec.version }) : t('landing.final.version_loading')}
      </p>
      <CtaButtons lang={lang} place="final" />
      <ul className="platform-downloads" aria-label={t('landing.final.platforms')}>
        {platforms.map((platform) => {
          const candidate = spec?.packages[platform][0];
          const button = candidate ? toButton(candidate, lang) : undefined;
          return (
            <li key={platform}>
              <a
                href={button?.url ?? `#download`}
                aria-disabled={button ? undefined : 'true'}
                data-platform={platform}
                title={
                  button?.kind === 'file' ? `${button.fileName} (${formatSize(button.size)})` : undefined
                }
                onClick={(event) => onClick(button, event)}
              >
                <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
                  <path
                    d={PLATFORM_ICONS[platform]}
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.6"
                    strokeLinejoin="round"
                  />
                </svg>
                <span>{t(`landing.final.platform.${platform}`)}</span>
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
