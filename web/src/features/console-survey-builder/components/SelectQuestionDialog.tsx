import { zodResolver } from '@hookform/resolvers/zod';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { SurveyQuestion } from '../../../../../shared/surveys/survey-form.ts';
import { Dialog } from '../../../components/console/Dialog.tsx';
import { FormField } from '../../../components/console/FormField.tsx';
import { DependsOnFields } from './DependsOnFields.tsx';
import { type SelectValues, selectRule, selectValues } from './question-rules.ts';

/** The select question editor (800 px): id, question, options (id and answer), flags, dependency. */
export function SelectQuestionDialog({
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
  const form = useForm<SelectValues, unknown, SurveyQuestion>({
    resolver: zodResolver(selectRule(takenIds)),
    defaultValues: selectValues(question),
  });
  const options = useFieldArray({ control: form.control, name: 'options' });
  const { errors } = form.formState;
  const optionError = errors.options?.root?.message ?? errors.options?.message;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t('builder.select_title')} width={800}>
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
        <fieldset className="console-form" style={{ maxWidth: 'none' }}>
          <legend>{t('builder.options')}</legend>
          {options.fields.map((field, index) => (
            <div key={field.id} className="console-filters">
              <FormField
                label={t('builder.option_id', { number: index + 1 })}
                error={errors.options?.[index]?.id?.message}
              >
                <input {...form.register(`options.${index}.id`)} />
              </FormField>
              <FormField
                label={t('builder.option_answer', { number: index + 1 })}
                error={errors.options?.[index]?.answer?.message}
              >
                <input {...form.register(`options.${index}.answer`)} />
              </FormField>
              {options.fields.length > 1 ? (
                <button type="button" className="console-button danger" onClick={() => options.remove(index)}>
                  {t('builder.remove_option', { number: index + 1 })}
                </button>
              ) : null}
            </div>
          ))}
          {optionError ? (
            <p role="alert" className="field-error">
              {t(optionError)}
            </p>
          ) : null}
          <button
            type="button"
            className="console-button secondary"
            onClick={() => options.append({ id: '', answer: '' })}
          >
            {t('builder.add_option')}
          </button>
        </fieldset>
        <label className="console-check">
          <input type="checkbox" {...form.register('multiple')} />
          {t('builder.multiple')}
        </label>
        <label className="console-check">
          <input type="checkbox" {...form.register('randomize')} />
          {t('builder.randomize')}
        </label>
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
