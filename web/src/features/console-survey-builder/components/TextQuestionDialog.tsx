import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SURVEY_QUESTION_LIMITS, type SurveyQuestion } from '../../../../../shared/surveys/survey-form.ts';
import { FormField } from '../../../components/console/FormField.tsx';
import { QuestionDialogFrame } from './QuestionDialogFrame.tsx';
import { type QuestionDialogProps, type TextValues, textRule, textValues } from './question-rules.ts';

/** The text question editor (560 px): id, question, placeholder, examples (one per line), dependency. */
export function TextQuestionDialog({ question, earlier, takenIds, onSave, onClose }: QuestionDialogProps) {
  const { t } = useTranslation('console-surveys');
  const form = useForm<TextValues, unknown, SurveyQuestion>({
    resolver: zodResolver(textRule(takenIds)),
    defaultValues: textValues(question),
  });
  const { errors } = form.formState;
  return (
    <QuestionDialogFrame
      title={t('builder.text_title')}
      width={560}
      control={form.control}
      register={form.register}
      errors={errors}
      earlier={earlier}
      onSubmit={form.handleSubmit(onSave)}
      onClose={onClose}
    >
      <FormField label={t('builder.placeholder')} error={errors.placeholder?.message}>
        <input {...form.register('placeholder')} />
      </FormField>
      <FormField
        label={t('builder.examples')}
        error={errors.examples?.message}
        values={{ max: SURVEY_QUESTION_LIMITS.examples }}
      >
        <textarea rows={3} {...form.register('examples')} />
      </FormField>
    </QuestionDialogFrame>
  );
}
