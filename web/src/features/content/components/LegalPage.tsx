import { useTranslation } from 'react-i18next';
import { Article, type ArticleSection } from './Article.tsx';

export const LEGAL_DOCUMENTS = [
  'data-protection',
  'terms-of-service',
  'privacy-policy',
  'refund-policy',
] as const;
export type LegalDocument = (typeof LEGAL_DOCUMENTS)[number];

interface LegalText {
  title: string;
  description: string;
  updated: string;
  sections: ArticleSection[];
}

/** One of the legal pages, in the page's language. */
export function LegalPage({ document }: { document: LegalDocument }) {
  const { t } = useTranslation('legal');
  const text = t(document, { returnObjects: true }) as LegalText;
  return (
    <Article
      title={text.title}
      description={text.description}
      meta={t('effective', { date: text.updated })}
      sections={text.sections}
    />
  );
}
