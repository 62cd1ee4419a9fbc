import { useTranslation } from 'react-i18next';

/** A dialog's Cancel and confirm buttons (the confirm one submits its form unless `onConfirm` is given). */
export function DialogButtons({
  onCancel,
  onConfirm,
  confirmLabel,
  busy,
}: {
  onCancel: () => void;
  onConfirm?: () => void;
  confirmLabel?: string;
  busy?: boolean;
}) {
  const { t } = useTranslation('console-shell');
  return (
    <div className="console-dialog-buttons">
      <button type="button" className="console-button secondary" onClick={onCancel}>
        {t('action.cancel')}
      </button>
      <button
        type={onConfirm ? 'button' : 'submit'}
        className="console-button"
        disabled={busy}
        onClick={onConfirm}
      >
        {confirmLabel ?? t('action.save')}
      </button>
    </div>
  );
}
