import { useTranslation } from 'react-i18next';

/** Save and Cancel for the row in edit mode; Edit and Delete for the others (Edit is off meanwhile). */
export function RowEditActions({
  editing,
  busy,
  anotherEditing,
  onEdit,
  onDelete,
  onSave,
  onCancel,
  name,
}: {
  editing: boolean;
  busy?: boolean;
  anotherEditing: boolean;
  onEdit: () => void;
  /** None: the row cannot be deleted (no Delete button). */
  onDelete?: (() => void) | undefined;
  onSave: () => void;
  onCancel: () => void;
  /** What the row is, for the buttons' accessible names. */
  name: string;
}) {
  const { t } = useTranslation('console-shell');
  if (editing)
    return (
      <span className="console-row-actions">
        <button
          type="button"
          className="console-button"
          disabled={busy}
          onClick={onSave}
          aria-label={`${t('action.save')} ${name}`}
        >
          {t('action.save')}
        </button>
        <button
          type="button"
          className="console-button secondary"
          disabled={busy}
          onClick={onCancel}
          aria-label={`${t('action.cancel')} ${name}`}
        >
          {t('action.cancel')}
        </button>
      </span>
    );
  return (
    <span className="console-row-actions">
      <button
        type="button"
        className="console-button secondary"
        disabled={anotherEditing}
        onClick={onEdit}
        aria-label={`${t('action.edit')} ${name}`}
      >
        {t('action.edit')}
      </button>
      {onDelete ? (
        <button
          type="button"
          className="console-button danger"
          onClick={onDelete}
          aria-label={`${t('action.delete')} ${name}`}
        >
          {t('action.delete')}
        </button>
      ) : null}
    </span>
  );
}
