import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import type { FeatureSlug } from '../../../../../shared/site/site-pages.ts';
import { usePageHead } from '../../../lib/page-head.ts';

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
