import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { createContext, type ReactNode, useCallback, useContext, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Confirmations (Radix AlertDialog): `const confirm = useConfirm(); if (await confirm({...})) ...`.
 * One provider in the console layout serves every screen; `deleteConfirmation(id)` is the specification's
 * 'Do you want to delete {id}?'.
 */
export interface ConfirmRequest {
  title: string;
  description?: ReactNode;
  confirmLabel?: string;
  destructive?: boolean;
}

type Confirm = (request: ConfirmRequest) => Promise<boolean>;
const ConfirmContext = createContext<Confirm | undefined>(undefined);

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation('console-shell');
  const [request, setRequest] = useState<ConfirmRequest>();
  const settle = useRef<(answer: boolean) => void>(undefined);
  const confirm = useCallback<Confirm>(
    (next) =>
      new Promise<boolean>((resolve) => {
        settle.current = resolve;
        setRequest(next);
      }),
    [],
  );
  const close = (answer: boolean) => {
    settle.current?.(answer);
    settle.current = undefined;
    setRequest(undefined);
  };
  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <AlertDialog.Root open={Boolean(request)} onOpenChange={(open) => !open && close(false)}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="console-overlay" />
          <AlertDialog.Content className="console-dialog" style={{ maxWidth: 560 }}>
            <AlertDialog.Title className="console-dialog-title">{request?.title}</AlertDialog.Title>
            {request?.description ? (
              <AlertDialog.Description asChild>
                <div>{request.description}</div>
              </AlertDialog.Description>
            ) : (
              <AlertDialog.Description className="visually-hidden">{request?.title}</AlertDialog.Description>
            )}
            <div className="console-dialog-buttons">
              <AlertDialog.Cancel className="console-button secondary" onClick={() => close(false)}>
                {t('dialog.cancel')}
              </AlertDialog.Cancel>
              <AlertDialog.Action
                className={`console-button${request?.destructive ? ' danger' : ''}`}
                onClick={() => close(true)}
              >
                {request?.confirmLabel ?? t('dialog.confirm')}
              </AlertDialog.Action>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm needs the ConfirmProvider of the console layout');
  return confirm;
}

/** The delete confirmation of section 5: 'Do you want to delete {id}?' */
export function useDeleteConfirm() {
  const confirm = useConfirm();
  const { t } = useTranslation('console-shell');
  return (id: string) =>
    confirm({
      title: t('dialog.delete_question', { id }),
      confirmLabel: t('action.delete'),
      destructive: true,
    });
}
