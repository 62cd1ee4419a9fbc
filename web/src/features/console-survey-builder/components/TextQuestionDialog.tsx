import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { SurveyQuestion } from '../../../../../shared/surveys/survey-form.ts';
import { Dialog } from '../../../components/console/Dialog.tsx';
import { FormField } from '../../../components/console/FormField.tsx';
import { DependsOnFields } from './DependsOnFields.tsx';
import { type TextValues, textRule, textValues } from './question-rules.ts';

/** The text question editor (560 px): id, question, placeholder, examples (one per line), dependency. */
export function TextQuestionDialog({
  question,
  earlier,
  takenIds,
  onSave,
  onClose,
}: {
  question?: SurveyQuestion | undefined;
  earlier: readonly SurveyQuestion[];
  takenIds: readonly string[];
  onSave: (question: SurveyQuestion) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('console-surveys');
  const form = useForm<TextValues, unknown, SurveyQuestion>({
    resolver: zodResolver(textRule(takenIds)),
    defaultValues: textValues(question),
  });
  const { errors } = form.formState;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t('builder.text_title')} width={560}>
      <form
        className="console-form"
        style={{ maxWidth: 'none' }}
        noValidate
        onSubmit={form.handleSubmit(onSave)}
      >
        <FormField label={t('builder.question_id')} error={errors.id?.message}>
          <input {...form.register('id')} />
        </FormField>
        <FormField label={t('builder.question')} error={errors.question?.message}>
          <input {...form.register('question')} />
        </FormField>
        <FormField label={t('builder.placeholder')} error={errors.placeholder?.message}>
          <input {...form.register('placeholder')} />
        </FormField>
        <FormField label={t('builder.examples')} error={errors.examples?.message}>
          <textarea rows={3} {...form.register('examples')} />
        </FormField>
        <DependsOnFields
          control={form.control}
          register={form.register}
          earlier={earlier}
          error={errors.dependsOn?.message}
        />
        <div className="console-dialog-buttons">
          <button type="button" className="console-button secondary" onClick={onClose}>
            {t('console-shell:action.cancel')}
          </button>
          <button type="submit" className="console-button">
            {t('console-shell:action.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
