import { useTranslation } from 'react-i18next';
import { Article, type ArticleSection } from './Article.tsx';
import { CardPage } from './CardPage.tsx';

interface PageText {
  title: string;
  description: string;
  lead: string;
  sections: ArticleSection[];
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
  return (
    <CardPage
      title={text.title}
      description={text.description}
      lead={text.lead}
      cards={text.items.map((item) => ({ key: item.title, ...item }))}
    />
  );
}
