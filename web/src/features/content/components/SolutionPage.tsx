import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { SolutionSlug } from '../../../../../shared/site/site-pages.ts';
import { Article, type ArticleSection } from './Article.tsx';

interface PageText {
  title: string;
  description: string;
  lead: string;
  sections: ArticleSection[];
}

/** A solutions page (English only): who it is for and how Cutloom fits their work. */
export function SolutionPage({ slug }: { slug: SolutionSlug }) {
  const { t } = useTranslation('solutions');
  const text = t(slug, { returnObjects: true }) as PageText;
  return (
    <Article title={text.title} description={text.description} lead={text.lead} sections={text.sections}>
      <p className="feature-cta">
        <Link to="/$lang/payment/pricepolicy" params={{ lang: 'en' }} className="button button-primary">
          {t('see_plans')}
        </Link>
      </p>
    </Article>
  );
}
