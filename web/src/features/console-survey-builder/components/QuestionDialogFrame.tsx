import type { FormEvent, ReactNode } from 'react';
import type { Control, FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { SurveyQuestion } from '../../../../../shared/surveys/survey-form.ts';
import { Dialog } from '../../../components/console/Dialog.tsx';
import { DialogButtons } from '../../../components/console/DialogButtons.tsx';
import { FormField } from '../../../components/console/FormField.tsx';
import { DependsOnFields } from './DependsOnFields.tsx';
import type { DependsOnValues } from './question-rules.ts';

type QuestionForm = { id: string; question: string; dependsOn: DependsOnValues };

/**
 * What both question editors share: the dialog, the id and question fields, the type's own fields
 * (children), the dependency, and Cancel/Save.
 */
export function QuestionDialogFrame<Form extends QuestionForm>({
  title,
  width,
  control,
  register,
  errors,
  earlier,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  width: 560 | 800;
  control: Control<Form, unknown, SurveyQuestion>;
  register: UseFormRegister<Form>;
  errors: FieldErrors<QuestionForm>;
  earlier: readonly SurveyQuestion[];
  onSubmit: (event: FormEvent) => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('console-surveys');
  // react-hook-form cannot narrow the paths of a generic form: id and question exist on every question form.
  const fields = register as unknown as UseFormRegister<QuestionForm>;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title} width={width}>
      <form className="console-form" style={{ maxWidth: 'none' }} noValidate onSubmit={onSubmit}>
        <FormField label={t('builder.question_id')} error={errors.id?.message}>
          <input {...fields('id')} />
        </FormField>
        <FormField label={t('builder.question')} error={errors.question?.message}>
          <input {...fields('question')} />
        </FormField>
        {children}
        <DependsOnFields
          control={control}
          register={register}
          earlier={earlier}
          error={errors.dependsOn?.message}
        />
        <DialogButtons onCancel={onClose} />
      </form>
    </Dialog>
  );
}
