import { useTranslation } from 'react-i18next';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import { usePageHead } from '../../../lib/page-head.ts';
import { useRedirectSignedInToApp } from '../../identity/index.ts';
import { FinalCta } from './FinalCta.tsx';
import { FreeAssets } from './FreeAssets.tsx';
import { Hero } from './Hero.tsx';
import { FeatureBullets, FeaturesGrid, PromoVideo, Showcase, Testimonials, UseCases } from './Sections.tsx';
import { StickyNote } from './StickyNote.tsx';

/** The landing page (section 1), top to bottom. */
export function Landing({ lang }: { lang: SiteLanguage }) {
  const { t } = useTranslation('site');
  useRedirectSignedInToApp(lang);
  usePageHead({ title: t('landing.hero.title'), description: t('landing.meta_description') });
  return (
    <main id="main" className="landing">
      <Hero lang={lang} />
      <PromoVideo lang={lang} />
      <FeatureBullets />
      <FreeAssets />
      <Showcase name="voice" />
      <Showcase name="caption" reverse />
      <Showcase name="cut" />
      <FeaturesGrid lang={lang} />
      <Testimonials />
      <UseCases lang={lang} />
      <FinalCta lang={lang} />
      <StickyNote />
    </main>
  );
}
