import { useTranslation } from 'react-i18next';
import { useDeleteConfirm } from './ConfirmDialog.tsx';
import { notify } from './toast.ts';
import { sendWaitingWrites } from './use-undoable-write.ts';

/**
 * Deleting a row: 'Do you want to delete {id}?', then the delete (after any edit still waiting for
 * its Undo toast, so that it does not land on the deleted row), then 'Deleted successfully' or
 * 'Delete failed' with the reason.
 */
export function useDeleteAction(remove: (id: string) => Promise<unknown>) {
  const { t } = useTranslation('console-shell');
  const confirmDelete = useDeleteConfirm();
  return async (id: string, label: string = id) => {
    if (!(await confirmDelete(label))) return;
    try {
      await sendWaitingWrites();
      await remove(id);
      notify.success(t('toast.deleted'));
    } catch (error) {
      notify.failure(t('toast.delete_failed'), error);
    }
  };
}
