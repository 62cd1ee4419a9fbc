import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import { Modal } from '../../../components/Modal.tsx';
import { DeletionSteps } from './DeletionSteps.tsx';
import '../account-deletion.css';

/**
 * The billing page's account deletion (회원 탈퇴, issue 26 point 4): what it means in a line, and the
 * button that opens its steps (sign in again, the refund policy and what happens, delete).
 */
export function AccountDeletionSection({ token, lang }: { token: string; lang: SiteLanguage }) {
  const { t } = useTranslation('account-deletion');
  const [open, setOpen] = useState(false);
  const [deleted, setDeleted] = useState(false);
  return (
    <section className="billing-section" aria-labelledby="account-deletion-title">
      <h2 id="account-deletion-title">{t('title')}</h2>
      <p>{t('intro')}</p>
      <button type="button" className="button button-outline" onClick={() => setOpen(true)}>
        {t('start')}
      </button>
      <Modal
        open={open}
        onClose={() => (deleted ? window.location.assign(`/${lang}`) : setOpen(false))}
        labelledBy="account-deletion-dialog-title"
      >
        <DeletionSteps
          token={token}
          lang={lang}
          onCancel={() => setOpen(false)}
          onDeleted={() => setDeleted(true)}
        />
      </Modal>
    </section>
  );
}
