import { useTranslation } from 'react-i18next';

/**
 * The live preview of the in-app toast: the message and the confirm button, as the app shows them. It
 * is a picture of the toast (one image named by its texts), not a control: its button is drawn as styled
 * text, so no interactive element sits inside the image (axe `nested-interactive`).
 */
export function SurveyPreview({
  message,
  confirmMessage,
  language,
}: {
  message: string;
  confirmMessage: string;
  language: string;
}) {
  const { t } = useTranslation('console-surveys');
  return (
    <figure className="console-field" style={{ margin: 0 }}>
      <figcaption>{t('preview.title', { language })}</figcaption>
      <div
        className="console-preview"
        role="img"
        aria-label={`${t('preview.title', { language })}: ${message} ${confirmMessage}`}
      >
        <span>{message || t('preview.empty_message')}</span>
        <span className="console-preview-button">{confirmMessage || t('preview.empty_confirm')}</span>
      </div>
    </figure>
  );
}
