import { cloneElement, type ReactElement, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A labelled form control with its error under it (react-hook-form gives the error; its message is an
 * i18n key with its namespace, as the shared zod rules write them, or plain text). `values` fills the
 * key's placeholders ({{min}}, {{max}}).
 */
export function FormField({
  label,
  error,
  values,
  hint,
  children,
}: {
  label: string;
  error?: string | undefined;
  values?: Record<string, unknown>;
  hint?: ReactNode;
  children: ReactElement<Record<string, unknown>>;
}) {
  const { t, i18n } = useTranslation('console-shell');
  const id = useId();
  const errorId = `${id}-error`;
  const message = error ? (i18n.exists(error) ? t(error, values) : error) : undefined;
  return (
    <div className="console-field">
      <label htmlFor={id}>{label}</label>
      {cloneElement(children, {
        id,
        'aria-invalid': Boolean(message),
        'aria-describedby': message ? errorId : undefined,
      })}
      {hint ? <p className="console-hint">{hint}</p> : null}
      {message ? (
        <p id={errorId} className="field-error">
          {message}
        </p>
      ) : null}
    </div>
  );
}
