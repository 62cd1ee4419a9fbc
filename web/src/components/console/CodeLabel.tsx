/**
 * A code's label in the reader's language, and the code itself after it in small type when given (and
 * different): for staff who quote it to support or search it elsewhere (a plan code, a route's name).
 */
export function CodeLabel({ label, code }: { label: string; code?: string | undefined }) {
  return (
    <>
      {label}
      {code && code !== label ? (
        <>
          {' '}
          <code className="console-code-aside">{code}</code>
        </>
      ) : null}
    </>
  );
}
