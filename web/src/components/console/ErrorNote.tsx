import { adminErrorText } from '../../lib/console/admin-api.ts';

/** A failed call's message ('AdminError: {code}, {message}'), in red, announced to screen readers. */
export function ErrorNote({ error, prefix }: { error: unknown; prefix?: string }) {
  if (!error) return null;
  const text = adminErrorText(error);
  return (
    <p role="alert" className="console-error">
      {prefix ? `${prefix}${text}` : text}
    </p>
  );
}
