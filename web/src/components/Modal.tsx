import { type ReactNode, useEffect, useRef } from 'react';
import './modal.css';

/**
 * A modal on the platform's <dialog>: focus is trapped and restored, Escape closes, the page behind
 * is inert. No library needed for that since every supported browser has showModal(). `onClose` is
 * the visitor's wish to close (Escape, or the caller's own buttons), never the dialog's `close` event:
 * that event also fires when `open` turns false, and a modal that steps aside for another (the
 * sign-in modal for its alert) must not be taken as dismissed.
 */
export function Modal({
  open,
  onClose,
  labelledBy,
  children,
}: {
  open: boolean;
  onClose: () => void;
  labelledBy: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="modal"
      aria-labelledby={labelledBy}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {open ? children : null}
    </dialog>
  );
}

/** A message in a modal with one button (the specification's alerts). */
export function MessageDialog({
  message,
  title,
  buttonLabel,
  onClose,
}: {
  message: string | undefined;
  title: string;
  buttonLabel: string;
  onClose: () => void;
}) {
  return (
    <Modal open={Boolean(message)} onClose={onClose} labelledBy="message-dialog-title">
      <h2 id="message-dialog-title">{title}</h2>
      <p role="alert">{message}</p>
      <div className="modal-actions">
        <button type="button" className="button" onClick={onClose}>
          {buttonLabel}
        </button>
      </div>
    </Modal>
  );
}

/** A question in a modal with two answers (the specification's confirm prompts). */
export function ConfirmDialog({
  message,
  title,
  confirmLabel,
  cancelLabel,
  onAnswer,
}: {
  message: string | undefined;
  title: string;
  confirmLabel: string;
  cancelLabel: string;
  onAnswer: (confirmed: boolean) => void;
}) {
  return (
    <Modal open={Boolean(message)} onClose={() => onAnswer(false)} labelledBy="confirm-dialog-title">
      <h2 id="confirm-dialog-title">{title}</h2>
      <p>{message}</p>
      <div className="modal-actions">
        <button type="button" className="button-link" onClick={() => onAnswer(false)}>
          {cancelLabel}
        </button>
        <button type="button" className="button" onClick={() => onAnswer(true)}>
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
