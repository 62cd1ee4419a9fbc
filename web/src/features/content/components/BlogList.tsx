import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import type { FeatureSlug } from '../../../../../shared/site/site-pages.ts';
import { CardPage } from './CardPage.tsx';

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
  return (
    <CardPage
      title={text.title}
      description={text.description}
      lead={text.lead}
      cards={text.posts.map((post) => ({
        key: post.title,
        meta: (
          <>
            <time dateTime={post.date}>{post.date}</time> · {post.category}
          </>
        ),
        title: (
          <Link to="/$lang/feature/$featureSlug" params={{ lang, featureSlug: post.feature }}>
            {post.title}
          </Link>
        ),
        body: post.summary,
      }))}
    />
  );
}
