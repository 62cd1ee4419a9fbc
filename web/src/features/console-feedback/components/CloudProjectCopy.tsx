import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PROJECT_ID_PATTERN } from '../../../../../shared/feedback/feedback-search.ts';
import { ErrorNote } from '../../../components/console/ErrorNote.tsx';
import { useCopyCloudProject } from '../api/copy-cloud-project.ts';

/**
 * feedbackFiles/cloud: copies a customer's cloud project into the feedback files (projectId from the
 * query); the result is where the copy went, or 'Error: ' with the error type's text and the type.
 */
export function CloudProjectCopy({
  projectId: initial,
  operatorEmail,
}: {
  projectId: string;
  operatorEmail: string;
}) {
  const { t } = useTranslation('console-feedback');
  const [projectId, setProjectId] = useState(initial);
  const copy = useCopyCloudProject();
  const valid = PROJECT_ID_PATTERN.test(projectId.trim());
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid) copy.mutate({ projectId: projectId.trim(), requestedBy: operatorEmail });
  };
  const result = copy.data;
  return (
    <form className="console-card console-form" onSubmit={submit}>
      <div className="console-field">
        <label htmlFor="cloud-project-id">{t('cloud.project_id')}</label>
        <input
          id="cloud-project-id"
          value={projectId}
          onChange={(event) => setProjectId(event.target.value)}
        />
        {projectId && !valid ? <p className="field-error">{t('cloud.invalid_id')}</p> : null}
      </div>
      <div className="console-actions">
        <button type="submit" className="console-button" disabled={!valid || copy.isPending}>
          {t('cloud.copy')}
        </button>
      </div>
      <ErrorNote error={copy.error} />
      {result?.result === 'success' ? (
        <p role="status">{t('cloud.copied', { files: result.files, prefix: result.prefix })}</p>
      ) : null}
      {result?.result === 'fail' ? (
        <p role="alert" className="console-error">
          {t('cloud.copy_error', { reason: t(`cloud.error_type.${result.errorType}`) })}
          <span className="console-error-code"> ({result.errorType})</span>
        </p>
      ) : null}
    </form>
  );
}
