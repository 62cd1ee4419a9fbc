import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import { CtaButtons } from '../components/CtaButtons.tsx';
import { previewScale } from './content.ts';
import { illustration } from './illustration-urls.ts';

/** Title, description, the call to action and the editor preview, which grows a little as the page scrolls. */
export function Hero({ lang }: { lang: SiteLanguage }) {
  const { t } = useTranslation('site');
  const preview = useRef<HTMLImageElement>(null);
  useEffect(() => {
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        if (preview.current) preview.current.style.transform = `scale(${previewScale(window.scrollY)})`;
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, []);
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero-text">
        <h1 id="hero-title">{t('landing.hero.title')}</h1>
        <p className="lead">{t('landing.hero.description')}</p>
        <CtaButtons lang={lang} place="hero" />
      </div>
      <div className="hero-preview">
        <img
          ref={preview}
          src={illustration(`preview-${lang}`)}
          alt={t('landing.hero.preview_alt')}
          width="960"
          height="600"
          fetchPriority="high"
        />
      </div>
    </section>
  );
}
