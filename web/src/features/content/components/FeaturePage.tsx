import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import type { FeatureSlug } from '../../../../../shared/site/site-pages.ts';
import { usePageHead } from '../../../lib/page-head.ts';

interface FeatureText {
  title: string;
  description: string;
  lead: string;
  points: Array<{ title: string; body: string }>;
  steps: string[];
}

/** A feature page: what it does, three reasons, three steps, and where to go next. */
export function FeaturePage({
  lang,
  slug,
  related,
}: {
  lang: SiteLanguage;
  slug: FeatureSlug;
  related: readonly FeatureSlug[];
}) {
  const { t } = useTranslation('feature-pages');
  const text = t(slug, { returnObjects: true }) as FeatureText;
  usePageHead({ title: text.title, description: text.description });
  return (
    <main id="main" className="article feature-page">
      <p className="eyebrow">{t('feature-menu:label')}</p>
      <h1>{text.title}</h1>
      <p className="lead">{text.lead}</p>
      <ul className="feature-points">
        {text.points.map((point) => (
          <li key={point.title}>
            <h2>{point.title}</h2>
            <p>{point.body}</p>
          </li>
        ))}
      </ul>
      <section aria-labelledby="steps-title">
        <h2 id="steps-title">{t('feature-menu:how_it_works')}</h2>
        <ol className="feature-steps">
          {text.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </section>
      <p className="feature-cta">
        <Link to="/$lang" params={{ lang }} hash="download" className="button button-primary">
          {t('feature-menu:start_free')}
        </Link>
        <Link to="/$lang/payment/pricepolicy" params={{ lang }} className="button button-outline">
          {t('feature-menu:see_pricing')}
        </Link>
      </p>
      {related.length > 0 && (
        <section aria-labelledby="related-title">
          <h2 id="related-title">{t('feature-menu:related')}</h2>
          <ul className="related-features">
            {related.map((other) => (
              <li key={other}>
                <Link to="/$lang/feature/$featureSlug" params={{ lang, featureSlug: other }}>
                  {t(`feature-menu:${other}.title`)}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </main>
  );
}
