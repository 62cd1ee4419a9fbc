import { useTranslation } from 'react-i18next';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import { TextField } from '../../../components/TextField.tsx';
import { Checklist } from './Checklist.tsx';
import { PhoneField } from './PhoneField.tsx';

/**
 * Sections the order page and the usage-eraser page both show (section 2): the contact (name and email
 * prefilled from the account, the phone with its country picker) and the two service agreements with
 * the numbered description. `id` is the section's anchor; its controls' ids derive from it.
 */
export function ContactSection({
  id,
  lang,
  userName,
  userEmail,
  onName,
  onEmail,
  onPhone,
  errors = {},
}: {
  id: string;
  lang: SiteLanguage;
  userName: string;
  userEmail: string;
  onName: (name: string) => void;
  onEmail: (email: string) => void;
  onPhone: (e164: string) => void;
  /** Each field's problem, shown at it; the fields' ids are `{id}-name`, `{id}-email`, `{id}-phone`. */
  errors?: { name?: string | undefined; email?: string | undefined; phone?: string | undefined };
}) {
  const { t } = useTranslation('order');
  return (
    <section id={id} className="order-section order-contact" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('contact.title')}</h2>
      <TextField
        id={`${id}-name`}
        label={t('contact.name')}
        value={userName}
        autoComplete="name"
        error={errors.name}
        onChange={(event) => onName(event.target.value)}
      />
      <TextField
        id={`${id}-email`}
        label={t('contact.email')}
        type="email"
        value={userEmail}
        autoComplete="email"
        error={errors.email}
        onChange={(event) => onEmail(event.target.value)}
      />
      <PhoneField id={`${id}-phone`} language={lang} error={errors.phone} onChange={onPhone} />
    </section>
  );
}

export const AGREEMENT_KEYS = ['collection', 'provider'] as const;

export function AgreementChecklist({
  id,
  agreements,
  onChange,
  error,
}: {
  id: string;
  agreements: readonly [boolean, boolean];
  onChange: (agreements: [boolean, boolean]) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation('order');
  return (
    <Checklist
      id={id}
      error={error}
      title={t('agreement.title')}
      items={[
        {
          key: 'collection',
          label: t('agreement.collection'),
          checked: agreements[0],
          onChange: (checked) => onChange([checked, agreements[1]]),
          detail: (
            <ol className="order-agreement-detail">
              <li>{t('agreement.purpose')}</li>
              <li>{t('agreement.items')}</li>
              <li>{t('agreement.validity')}</li>
              <li>{t('agreement.rights')}</li>
            </ol>
          ),
        },
        {
          key: 'provider',
          label: t('agreement.provider'),
          checked: agreements[1],
          onChange: (checked) => onChange([agreements[0], checked]),
        },
      ]}
    />
  );
}
