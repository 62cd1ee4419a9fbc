import { useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import { PRODUCT_NAME } from '../../../../../shared/product.ts';
import { track } from '../../../lib/analytics/index.ts';
import { firstCandidate, formatSize } from '../downloads.ts';
import { footerColumns, headerVisibility } from '../menus.ts';
import { useDownloadClick, useDownloadLabel, useVisitorDownloads } from './DownloadButtons.tsx';
import { LanguageSelect } from './LanguageSelect.tsx';
import { Logo } from './Logo.tsx';
import { SiteLink } from './SiteLink.tsx';

/** The footer's download link: the visitor's first candidate package, file name and size as tooltip. */
function FooterDownload({ lang }: { lang: SiteLanguage }) {
  const { spec, os } = useVisitorDownloads(lang);
  const label = useDownloadLabel();
  const onClick = useDownloadClick('final');
  const first = spec ? firstCandidate(spec, os, lang) : undefined;
  return (
    <a
      className="footer-download"
      href={first?.url ?? `/${lang}#download`}
      title={first?.kind === 'file' ? `${first.fileName} (${formatSize(first.size)})` : undefined}
      onClick={(event) => onClick(first, event)}
    >
      {label(first)}
    </a>
  );
}

export function Footer({ lang }: { lang: SiteLanguage }) {
  const { t } = useTranslation('site');
  // The header's rule: no language choice where a change would leave the payment under way.
  const pathname = useLocation({ select: (location) => location.pathname });
  const { languageSelector } = headerVisibility(pathname);
  return (
    <footer className="site-footer">
      <div className="site-footer-inner">
        <div className="footer-brand">
          <SiteLink href={`/${lang}`} className="logo">
            <Logo />
          </SiteLink>
          <p>{t('footer.tagline')}</p>
          <FooterDownload lang={lang} />
          {languageSelector && <LanguageSelect lang={lang} />}
        </div>
        <div className="footer-columns">
          {footerColumns(lang).map((column) => (
            <section key={column.title} aria-labelledby={`footer-${column.title}`}>
              <h2 id={`footer-${column.title}`}>{t(column.title)}</h2>
              <ul>
                {column.items.map((item) => (
                  <li key={item.url}>
                    {item.isExternal ? (
                      <a
                        href={item.url}
                        target="_blank"
                        rel="noopener"
                        onClick={() => track('footer', item.eventKey)}
                      >
                        {t(item.name)}
                      </a>
                    ) : (
                      <SiteLink
                        href={item.url}
                        current={item.url === pathname}
                        onClick={() => track('footer', item.eventKey)}
                      >
                        {t(item.name)}
                      </SiteLink>
                    )}
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </div>
      <div className="footer-company">
        {lang === 'ko' ? (
          <address>
            <strong>{t('company.name')}</strong>
            <span>{t('company.ceo')}</span>
            <span>{t('company.registration')}</span>
            <span>{t('company.mail_order')}</span>
            <span>{t('company.address')}</span>
            <span>{t('company.contact')}</span>
          </address>
        ) : (
          <p>{t('company.short')}</p>
        )}
        <p>{t('footer.copyright', { year: 2026, product: PRODUCT_NAME })}</p>
      </div>
    </footer>
  );
}
