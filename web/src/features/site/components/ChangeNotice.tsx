import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SiteLanguage } from '../../../../../shared/languages.ts';

/** The version of the terms and privacy policy the notice announces; a new one shows the dot again. */
export const NOTICE_VERSION = '2026-11-01';
const SEEN_KEY = 'cutloom.change-notice';

/**
 * The license and privacy change notice (section 2): a header button whose panel shows on hover or
 * click and closes with its close button (or Escape, or a click elsewhere). Closing marks it read.
 */
export function ChangeNotice({ lang }: { lang: SiteLanguage }) {
  const { t } = useTranslation('site');
  const [open, setOpen] = useState(false);
  const [pinned, setPinned] = useState(false);
  const [unread, setUnread] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    try {
      setUnread(localStorage.getItem(SEEN_KEY) !== NOTICE_VERSION);
    } catch {
      setUnread(false);
    }
  }, []);
  useEffect(() => {
    if (!pinned) return;
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) close();
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  });
  function close() {
    setOpen(false);
    setPinned(false);
    setUnread(false);
    try {
      localStorage.setItem(SEEN_KEY, NOTICE_VERSION);
    } catch {
      // Storage blocked: the dot comes back on the next visit, nothing worse.
    }
  }
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover opens the notice as a convenience; its button does the same for everyone
    <div
      className="change-notice"
      ref={root}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => !pinned && setOpen(false)}
      onKeyDown={(event) => event.key === 'Escape' && close()}
    >
      <button
        type="button"
        className="change-notice-button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => {
          setPinned(!pinned || !open);
          setOpen(!pinned || !open);
        }}
      >
        {t('notice.button')}
        {unread && (
          <span className="unread-dot">
            <span className="visually-hidden">{t('notice.unread')}</span>
          </span>
        )}
      </button>
      <div
        id={id}
        className="change-notice-panel"
        role="dialog"
        aria-label={t('notice.title')}
        hidden={!open}
      >
        <p className="change-notice-title">{t('notice.title')}</p>
        <p>{t('notice.body', { date: NOTICE_VERSION })}</p>
        <p className="change-notice-links">
          <Link to="/$lang/terms-of-service" params={{ lang }} onClick={close}>
            {t('footer.terms')}
          </Link>
          <Link to="/$lang/privacy-policy" params={{ lang }} onClick={close}>
            {t('footer.privacy')}
          </Link>
        </p>
        <button type="button" className="change-notice-close" onClick={close}>
          {t('notice.close')}
        </button>
      </div>
    </div>
  );
}
