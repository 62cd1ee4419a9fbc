/** A form's submit button on its own row. */
export function SubmitRow({ label, busy }: { label: string; busy?: boolean }) {
  return (
    <div className="console-actions">
      <button type="submit" className="console-button" disabled={busy}>
        {label}
      </button>
    </div>
  );
}
