import { useTranslation } from 'react-i18next';
import { adminErrorText } from '../../lib/console/admin-api.ts';

/**
 * A failed call's message ('AdminError: {code}, {message}'), in red, announced to screen readers. A
 * message that is an i18n key (a shared rule's or refusal's, e.g. `console-deposits:refusal.active_plan`)
 * is shown in the operator's language.
 */
export function ErrorNote({ error, prefix }: { error: unknown; prefix?: string }) {
  const { t, i18n } = useTranslation('console-shell');
  if (!error) return null;
  const text = adminErrorText(error);
  const keyed = /^(AdminError: [^,]+, )([\w-]+:[\w.-]+)$/.exec(text);
  const shown = keyed?.[2] && i18n.exists(keyed[2]) ? `${keyed[1]}${t(keyed[2])}` : text;
  return (
    <p role="alert" className="console-error">
      {prefix ? `${prefix}${shown}` : shown}
    </p>
  );
}
