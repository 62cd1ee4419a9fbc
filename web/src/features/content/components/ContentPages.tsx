import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import type { FeatureSlug, SolutionSlug } from '../../../../../shared/site/site-pages.ts';
import { usePageHead } from '../../../lib/page-head.ts';
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

/** A Japanese business or resources page written as sections (contact, transaction act). */
export function BusinessArticle({ page }: { page: 'business-contact' | 'transaction-act-details' }) {
  const { t } = useTranslation('business');
  const text = t(page, { returnObjects: true }) as PageText;
  return (
    <Article title={text.title} description={text.description} lead={text.lead} sections={text.sections}>
      {page === 'business-contact' && (
        <p className="feature-cta">
          <a className="button button-primary" href={`mailto:${t('contact_email')}`}>
            {t('contact_button')}
          </a>
        </p>
      )}
    </Article>
  );
}

interface CardList {
  title: string;
  description: string;
  lead: string;
  items: Array<{ title: string; body: string; meta: string }>;
}

/** Case studies, materials and announcements (Japanese): a list of cards. */
export function BusinessList({ page }: { page: 'case-study' | 'material' | 'announce' }) {
  const { t } = useTranslation('business');
  const text = t(page, { returnObjects: true }) as CardList;
  usePageHead({ title: text.title, description: text.description });
  return (
    <main id="main" className="article card-page">
      <h1>{text.title}</h1>
      <p className="lead">{text.lead}</p>
      <ul className="card-list">
        {text.items.map((item) => (
          <li key={item.title}>
            <p className="card-meta">{item.meta}</p>
            <h2>{item.title}</h2>
            <p>{item.body}</p>
          </li>
        ))}
      </ul>
    </main>
  );
}

interface BlogText {
  title: string;
  description: string;
  lead: string;
  posts: Array<{ date: string; category: string; title: string; summary: string; feature: FeatureSlug }>;
}

/** The Korean blog's list: each post leads to the feature it explains. */
export function BlogList({ lang }: { lang: SiteLanguage }) {
  const { t } = useTranslation('blog');
  const text = t('all', { returnObjects: true }) as BlogText;
  usePageHead({ title: text.title, description: text.description });
  return (
    <main id="main" className="article card-page">
      <h1>{text.title}</h1>
      <p className="lead">{text.lead}</p>
      <ul className="card-list">
        {text.posts.map((post) => (
          <li key={post.title}>
            <p className="card-meta">
              <time dateTime={post.date}>{post.date}</time> · {post.category}
            </p>
            <h2>
              <Link to="/$lang/feature/$featureSlug" params={{ lang, featureSlug: post.feature }}>
                {post.title}
              </Link>
            </h2>
            <p>{post.summary}</p>
          </li>
        ))}
      </ul>
    </main>
  );
}
