import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A modal dialog (Radix Dialog: focus trapped, Escape closes, labelled by its title). `width` is the
 * maximum width, 560 or 800 px as the specification's dialogs have it.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  width = 560,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  width?: 560 | 800;
  children: ReactNode;
}) {
  const { t } = useTranslation('console-shell');
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="console-overlay" />
        <RadixDialog.Content
          className="console-dialog"
          style={{ maxWidth: width }}
          aria-describedby={undefined}
        >
          <RadixDialog.Title className="console-dialog-title">{title}</RadixDialog.Title>
          {children}
          <RadixDialog.Close className="console-dialog-close" aria-label={t('dialog.close')}>
            ×
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
