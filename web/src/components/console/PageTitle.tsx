import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME } from '../../../../shared/product.ts';

/** A screen's heading, also the document title; actions (buttons, links) sit beside it. */
export function PageTitle({ title, children }: { title: string; children?: ReactNode }) {
  const { t } = useTranslation('console');
  useEffect(() => {
    document.title = `${title} | ${PRODUCT_NAME} ${t('title')}`;
  }, [title, t]);
  return (
    <div className="console-page-title">
      <h1>{title}</h1>
      {children ? <div className="console-actions">{children}</div> : null}
    </div>
  );
}
