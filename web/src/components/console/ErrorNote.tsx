import { useTranslation } from 'react-i18next';
import { type CodeTexts, errorText } from '../../lib/console/error-text.ts';

/**
 * A failure, in red and announced to screen readers, in the operator's language with its code as a
 * detail (lib/console/error-text.ts). A string is a screen's own, already translated text.
 */
export function ErrorNote({ error, prefix, texts }: { error: unknown; prefix?: string; texts?: CodeTexts }) {
  const { t, i18n } = useTranslation('console-shell');
  if (!error) return null;
  const { text, code } =
    typeof error === 'string'
      ? { text: error, code: undefined }
      : errorText(
          error,
          (key, values) => t(key, values),
          (key) => i18n.exists(key),
          texts,
        );
  return (
    <p role="alert" className="console-error">
      {prefix}
      {text}
      {code ? <span className="console-error-code"> ({code})</span> : null}
    </p>
  );
}
