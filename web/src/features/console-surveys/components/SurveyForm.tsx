import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod';
import { isKnownActionType, rewriteConfirmMessages } from '../../../../../shared/surveys/smart-survey.ts';
import { ErrorNote } from '../../../components/console/ErrorNote.tsx';
import { FormField } from '../../../components/console/FormField.tsx';
import { KstDateInput } from '../../../components/console/KstDateInput.tsx';
import { SubmitRow } from '../../../components/console/SubmitRow.tsx';
import { notify } from '../../../components/console/toast.ts';
import type { SurveyOptions } from '../api/get-survey-options.ts';
import { useSurveyWrites } from '../api/save-survey.ts';
import { SurveyPreview } from './SurveyPreview.tsx';
import { newLocate, type SurveyFormValues, surveyFormRule } from './survey-form-values.ts';

/**
 * The survey form (sections 2, 3 and 5): survey type, action type, display mode (Typeform only),
 * per-language locates with the fields of the action type, timings and expire date (KST). Changing the
 * action type rewrites every language's confirm message to the type's default; the toast is previewed
 * live for the chosen language.
 */
export function SurveyForm({
  sid,
  initial,
  options,
}: {
  sid?: string;
  initial: SurveyFormValues;
  /** The choices (GET admin-smart-survey-options). */
  options: SurveyOptions;
}) {
  const { t } = useTranslation('console-surveys');
  const navigate = useNavigate();
  const writes = useSurveyWrites();
  const form = useForm<SurveyFormValues, unknown, z.output<typeof surveyFormRule>>({
    resolver: zodResolver(surveyFormRule),
    defaultValues: initial,
  });
  const { errors } = form.formState;
  const locates = useFieldArray({ control: form.control, name: 'locates' });
  const actionType = useWatch({ control: form.control, name: 'actionType' });
  const watchedLocates = useWatch({ control: form.control, name: 'locates' });
  const [previewIndex, setPreviewIndex] = useState(0);
  const preview = watchedLocates[previewIndex] ?? watchedLocates[0];
  const unusedLanguages = options.languages.filter(
    (language) => !watchedLocates.some((locate) => locate.language === language),
  );
  const error = (path: string) => {
    const found = path
      .split('.')
      .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], errors) as
      | { message?: string }
      | undefined;
    return found?.message;
  };

  const submit = form.handleSubmit(async (survey) => {
    if (sid) {
      // Undoable: the toast offers Undo, and the write is sent when it goes.
      await writes.update(sid, survey);
      await navigate({ to: '/admin/surveys' });
      return;
    }
    try {
      await writes.create.mutateAsync(survey);
      notify.success(t('console-shell:toast.saved'));
      await navigate({ to: '/admin/surveys' });
    } catch {
      notify.failure(t('console-shell:toast.save_failed'));
    }
  });

  if (!isKnownActionType(actionType))
    return (
      <p role="alert" className="console-error">
        {t('unknown_action_type')}
      </p>
    );
  return (
    <form className="console-form console-card" onSubmit={submit} noValidate style={{ maxWidth: 800 }}>
      <FormField
        label={t('field.survey_type')}
        error={error('surveyType')}
        hint={t('field.survey_type_hint')}
      >
        <input {...form.register('surveyType')} />
      </FormField>
      <FormField label={t('field.action_type')} error={error('actionType')}>
        <select
          {...form.register('actionType', {
            onChange: (event) => {
              const next = event.target.value;
              if (isKnownActionType(next))
                form.setValue('locates', rewriteConfirmMessages(form.getValues('locates'), next));
            },
          })}
        >
          {options.actionTypes.map((type) => (
            <option key={type} value={type}>
              {t(`action_type.${type}`)}
            </option>
          ))}
        </select>
      </FormField>
      {actionType === 'typeform' ? (
        <FormField label={t('field.display_mode')} error={error('displayMode')}>
          <select {...form.register('displayMode')}>
            <option value="">{t('field.choose')}</option>
            {options.displayModes.map((mode) => (
              <option key={mode} value={mode}>
                {mode}
              </option>
            ))}
          </select>
        </FormField>
      ) : null}

      <fieldset className="console-form" style={{ maxWidth: 'none' }}>
        <legend>{t('field.locates')}</legend>
        {error('locates') ? <p className="field-error">{t(error('locates') ?? '')}</p> : null}
        {locates.fields.map((field, index) => (
          <div key={field.id} className="console-card" style={{ marginBottom: 0 }}>
            <div className="console-filters">
              <FormField label={t('field.language')} error={error(`locates.${index}.language`)}>
                <select {...form.register(`locates.${index}.language`)}>
                  {options.languages.map((language) => (
                    <option key={language} value={language}>
                      {language}
                    </option>
                  ))}
                </select>
              </FormField>
              {actionType === 'typeform' ? (
                <FormField label={t('field.typeform_id')} error={error(`locates.${index}.typeformId`)}>
                  <input {...form.register(`locates.${index}.typeformId`)} />
                </FormField>
              ) : null}
              {actionType === 'redirect' ? (
                <FormField label={t('field.redirect_url')} error={error(`locates.${index}.redirectUrl`)}>
                  <input type="url" {...form.register(`locates.${index}.redirectUrl`)} />
                </FormField>
              ) : null}
              <FormField label={t('field.message')} error={error(`locates.${index}.message`)}>
                <input {...form.register(`locates.${index}.message`)} />
              </FormField>
              <FormField label={t('field.confirm_message')} error={error(`locates.${index}.confirmMessage`)}>
                <input {...form.register(`locates.${index}.confirmMessage`)} />
              </FormField>
            </div>
            <div className="console-actions" style={{ marginTop: 8 }}>
              <button
                type="button"
                className="console-button secondary"
                onClick={() => setPreviewIndex(index)}
              >
                {t('preview.show')}
              </button>
              {locates.fields.length > 1 ? (
                <button type="button" className="console-button danger" onClick={() => locates.remove(index)}>
                  {t('locate.remove')}
                </button>
              ) : null}
            </div>
          </div>
        ))}
        {unusedLanguages[0] ? (
          <button
            type="button"
            className="console-button secondary"
            onClick={() => locates.append(newLocate(unusedLanguages[0] ?? 'en', actionType))}
          >
            {t('locate.add')}
          </button>
        ) : null}
      </fieldset>

      {preview ? (
        <SurveyPreview
          language={preview.language}
          message={preview.message}
          confirmMessage={preview.confirmMessage}
        />
      ) : null}

      <fieldset>
        <legend>{t('field.timing_types')}</legend>
        {options.timingTypes.map((timing) => (
          <label key={timing} className="console-check">
            <input type="checkbox" value={timing} {...form.register('timingTypes')} />
            {t(`timing.${timing}`)}
          </label>
        ))}
        {error('timingTypes') ? <p className="field-error">{t(error('timingTypes') ?? '')}</p> : null}
      </fieldset>
      <FormField label={t('field.expire_date')} error={error('expireDate')}>
        <KstDateInput {...form.register('expireDate')} />
      </FormField>
      <ErrorNote error={writes.create.error} />
      <SubmitRow label={t('console-shell:action.save')} busy={writes.create.isPending} />
    </form>
  );
}
