import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import * as z from 'zod';
import { PREREGISTRATION_DISCOUNT } from '../../../../../shared/api/users.ts';
import { Dialog } from '../../../components/console/Dialog.tsx';
import { DialogButtons } from '../../../components/console/DialogButtons.tsx';
import { ErrorNote } from '../../../components/console/ErrorNote.tsx';
import { FormField } from '../../../components/console/FormField.tsx';
import { KstTime } from '../../../components/console/KstTime.tsx';
import { notify } from '../../../components/console/toast.ts';
import type { UserDetailSectionProps } from '../../../lib/console/user-detail-section.ts';
import { useChangePreregistration } from '../api/change-preregistration.ts';

type Operation = 'create' | 'use' | 'reset';

/** The form of a preregistration step (section 5): a desc always, a discount of 1 to 99 to create. */
const stepForm = z.object({
  desc: z.string().trim().min(1, 'console-users:preregistration.desc_required'),
  discountPercent: z.coerce
    .number({ message: 'console-users:preregistration.discount_invalid' })
    .int('console-users:preregistration.discount_invalid')
    .min(PREREGISTRATION_DISCOUNT.min, 'console-users:preregistration.discount_invalid')
    .max(PREREGISTRATION_DISCOUNT.max, 'console-users:preregistration.discount_invalid'),
});
type StepForm = z.input<typeof stepForm>;

/** The preregistration coupon: none -> created -> used -> reset (section 4); Use or Reset by state. */
export function PreregistrationSection({ info }: UserDetailSectionProps) {
  const { t } = useTranslation('console-users');
  const { preregistration } = info;
  const [operation, setOperation] = useState<Operation>();
  const next: Operation = !preregistration ? 'create' : preregistration.used ? 'reset' : 'use';
  return (
    <section className="console-card" aria-labelledby="preregistration-title">
      <h2 id="preregistration-title">{t('preregistration.title')}</h2>
      {preregistration ? (
        <dl className="console-details">
          <dt>{t('preregistration.discount')}</dt>
          <dd>{preregistration.discountPercent}%</dd>
          <dt>{t('field.created')}</dt>
          <dd>
            <KstTime ms={preregistration.created} />
          </dd>
          <dt>{t('preregistration.used')}</dt>
          <dd>
            {preregistration.used ? <KstTime ms={preregistration.used} /> : t('preregistration.unused')}
          </dd>
        </dl>
      ) : (
        <p>{t('preregistration.none')}</p>
      )}
      <div className="console-actions" style={{ marginTop: 12 }}>
        <button type="button" className="console-button secondary" onClick={() => setOperation(next)}>
          {t(`preregistration.${next}`)}
        </button>
      </div>
      {operation ? (
        <PreregistrationDialog
          uid={info.user.uid}
          operation={operation}
          onClose={() => setOperation(undefined)}
        />
      ) : null}
    </section>
  );
}

function PreregistrationDialog({
  uid,
  operation,
  onClose,
}: {
  uid: string;
  operation: Operation;
  onClose: () => void;
}) {
  const { t } = useTranslation('console-users');
  const change = useChangePreregistration(uid);
  const form = useForm<StepForm, unknown, z.output<typeof stepForm>>({
    resolver: zodResolver(stepForm),
    defaultValues: { desc: '', discountPercent: PREREGISTRATION_DISCOUNT.default },
  });
  const submit = form.handleSubmit(async ({ desc, discountPercent }) => {
    try {
      await change.mutateAsync(
        operation === 'create' ? { uid, operation, desc, discountPercent } : { uid, operation, desc },
      );
      notify.success(t('console-shell:toast.update_success'));
      onClose();
    } catch {
      // The message stays in the dialog (ErrorNote) for the operator to read.
    }
  });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t(`preregistration.${operation}`)}>
      <form className="console-form" onSubmit={submit} noValidate>
        {operation === 'create' ? (
          <FormField
            label={t('preregistration.discount')}
            error={form.formState.errors.discountPercent?.message}
          >
            <input type="number" min={1} max={99} {...form.register('discountPercent')} />
          </FormField>
        ) : null}
        <FormField label={t('field.desc')} error={form.formState.errors.desc?.message}>
          <input {...form.register('desc')} />
        </FormField>
        <ErrorNote error={change.error} />
        <DialogButtons
          onCancel={onClose}
          busy={change.isPending}
          confirmLabel={t(`preregistration.${operation}`)}
        />
      </form>
    </Dialog>
  );
}
