import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** On a phone (CSS shows it under 768 px): the app is for computers; a note says so, once closed it stays closed for the visit. */
export function StickyNote() {
  const { t } = useTranslation('site');
  const [closed, setClosed] = useState(false);
  if (closed) return null;
  return (
    <aside className="sticky-note" aria-label={t('landing.sticky.label')}>
      <p>{t('landing.sticky.text')}</p>
      <button type="button" onClick={() => setClosed(true)}>
        {t('landing.sticky.close')}
      </button>
    </aside>
  );
}
