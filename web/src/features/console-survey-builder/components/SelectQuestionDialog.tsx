import { zodResolver } from '@hookform/resolvers/zod';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SURVEY_QUESTION_LIMITS, type SurveyQuestion } from '../../../../../shared/surveys/survey-form.ts';
import { FormField } from '../../../components/console/FormField.tsx';
import { QuestionDialogFrame } from './QuestionDialogFrame.tsx';
import { type QuestionDialogProps, type SelectValues, selectRule, selectValues } from './question-rules.ts';

/** The select question editor (800 px): id, question, options (id and answer), flags, dependency. */
export function SelectQuestionDialog({ question, earlier, takenIds, onSave, onClose }: QuestionDialogProps) {
  const { t } = useTranslation('console-surveys');
  const form = useForm<SelectValues, unknown, SurveyQuestion>({
    resolver: zodResolver(selectRule(takenIds)),
    defaultValues: selectValues(question),
  });
  const options = useFieldArray({ control: form.control, name: 'options' });
  const { errors } = form.formState;
  const optionError = errors.options?.root?.message ?? errors.options?.message;
  return (
    <QuestionDialogFrame
      title={t('builder.select_title')}
      width={800}
      control={form.control}
      register={form.register}
      errors={errors}
      earlier={earlier}
      onSubmit={form.handleSubmit(onSave)}
      onClose={onClose}
    >
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
        {options.fields.length < SURVEY_QUESTION_LIMITS.options ? (
          <button
            type="button"
            className="console-button secondary"
            onClick={() => options.append({ id: '', answer: '' })}
          >
            {t('builder.add_option')}
          </button>
        ) : null}
      </fieldset>
      <label className="console-check">
        <input type="checkbox" {...form.register('multiple')} />
        {t('builder.multiple')}
      </label>
      <label className="console-check">
        <input type="checkbox" {...form.register('randomize')} />
        {t('builder.randomize')}
      </label>
    </QuestionDialogFrame>
  );
}
