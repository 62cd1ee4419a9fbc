import { useTranslation } from 'react-i18next';
import { notify } from './toast.ts';

/**
 * Copies a text to the clipboard: 'copied!' (or the caller's `copiedText`), or 'Failed to copy link'
 * when the browser refuses.
 */
export function CopyButton({
  text,
  label,
  copiedText,
}: {
  text: string;
  label?: string;
  copiedText?: string;
}) {
  const { t } = useTranslation('console-shell');
  return (
    <button
      type="button"
      className="console-button secondary"
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(text);
          notify.success(copiedText ?? t('toast.copied'));
        } catch {
          notify.failure(t('toast.copy_failed'));
        }
      }}
    >
      {label ?? t('action.copy')}
    </button>
  );
}
