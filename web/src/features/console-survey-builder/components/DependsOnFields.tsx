import { type Control, type Path, type UseFormRegister, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { SurveyQuestion } from '../../../../../shared/surveys/survey-form.ts';
import type { DependsOnValues } from './question-rules.ts';

/**
 * "Show this question only when": an earlier select question and the answers that show it. Only the
 * select questions before the edited one can be chosen, so the list stays in a valid order.
 */
export function DependsOnFields<Form extends { dependsOn: DependsOnValues }, Output>({
  control,
  register,
  earlier,
  error,
}: {
  control: Control<Form, unknown, Output>;
  register: UseFormRegister<Form>;
  earlier: readonly SurveyQuestion[];
  error?: string | undefined;
}) {
  const { t } = useTranslation('console-surveys');
  const dependsOn = useWatch({ control, name: 'dependsOn' as Path<Form> }) as DependsOnValues;
  const candidates = earlier.filter((question) => question.type === 'select');
  const target = candidates.find((question) => question.id === dependsOn?.questionId);
  return (
    <fieldset className="console-form" style={{ maxWidth: 'none' }}>
      <legend>{t('builder.depends_on')}</legend>
      <div className="console-field">
        <label htmlFor="depends-on-question">{t('builder.depends_on_question')}</label>
        <select id="depends-on-question" {...register('dependsOn.questionId' as Path<Form>)}>
          <option value="">{t('builder.always_shown')}</option>
          {candidates.map((question) => (
            <option key={question.id} value={question.id}>
              {question.id}: {question.question}
            </option>
          ))}
        </select>
      </div>
      {target?.type === 'select' ? (
        <fieldset>
          <legend className="console-hint">{t('builder.depends_on_answers')}</legend>
          {target.options.map((option) => (
            <label key={option.id} className="console-check">
              <input
                type="checkbox"
                value={option.id}
                {...register('dependsOn.requiredAnswerIds' as Path<Form>)}
              />
              {option.answer}
            </label>
          ))}
        </fieldset>
      ) : null}
      {error ? <p className="field-error">{t(error)}</p> : null}
    </fieldset>
  );
}
