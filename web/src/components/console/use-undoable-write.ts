import { partialMatchKey, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { notify } from './toast.ts';

/**
 * Undo for reversible edits (issue 19), as react-admin's undoable mutation mode
 * (https://marmelab.com/react-admin/Edit.html#mutationmode): the edit shows at once in every cached
 * query it touches, and a toast 'Saved successfully' offers Undo; the write is sent only when the toast
 * goes (after its delay, which pauses while the pointer rests on it, or when the operator closes it).
 * A read of those queries that lands meanwhile (a page opened) gets the edit laid over it again.
 * Undo puts the cached queries back and reads them again, and nothing is sent; a write the server
 * refuses does the same and says why. Writes keep their order: a new write (or a delete) first sends
 * the ones still waiting, as a new react-admin notification commits the one it replaces. While a write
 * waits, leaving the page asks first (as react-admin does: marmelab/react-admin#9072), and signing out
 * sends the waiting writes first.
 */
export const UNDO_DELAY_MS = 5_000;

const waiting = new Map<string | number, () => Promise<void>>();

function guardUnload(event: BeforeUnloadEvent) {
  event.preventDefault();
}

/** Sends every write still waiting for its toast (before another write, a delete, or signing out). */
export async function sendWaitingWrites(): Promise<void> {
  await Promise.all([...waiting].map(([id, send]) => send().finally(() => toast.dismiss(id))));
}

export function useUndoableWrite() {
  const queryClient = useQueryClient();
  const { t } = useTranslation('console-lists');
  return async function undoableWrite<Answer>(edit: {
    /** The cached queries the edit changes: shown changed at once, put back on Undo or refusal. */
    queryKeys: readonly QueryKey[];
    /** Shows the edit in those queries (an update of their data as it is at the time). */
    show: () => void;
    /** The write itself, sent when the toast goes. */
    send: () => Promise<Answer>;
    /** What the server answered, into the cache (it may differ from what was shown: prices, dates). */
    sent?: (answer: Answer) => void;
  }): Promise<void> {
    await sendWaitingWrites();
    const touches = (queryKey: QueryKey) => edit.queryKeys.some((key) => partialMatchKey(queryKey, key));
    await queryClient.cancelQueries({ predicate: (query) => touches(query.queryKey) });
    const before = queryClient.getQueriesData({ predicate: (query) => touches(query.queryKey) });
    edit.show();
    const overRead = queryClient.getQueryCache().subscribe((event) => {
      if (
        event.type === 'updated' &&
        event.action.type === 'success' &&
        !event.action.manual &&
        touches(event.query.queryKey)
      )
        edit.show();
    });
    const putBack = () => {
      for (const [queryKey, data] of before) queryClient.setQueryData(queryKey, data);
      void queryClient.invalidateQueries({ predicate: (query) => touches(query.queryKey) });
    };

    let settled = false;
    const settle = async (undone: boolean) => {
      if (settled) return;
      settled = true;
      overRead();
      waiting.delete(id);
      if (!waiting.size) window.removeEventListener('beforeunload', guardUnload);
      if (undone) {
        putBack();
        toast(t('undo.undone'));
        return;
      }
      try {
        edit.sent?.(await edit.send());
      } catch (error) {
        putBack();
        notify.failure(t('console-shell:toast.save_failed'), error);
      }
    };
    const id = toast.success(t('console-shell:toast.saved'), {
      duration: UNDO_DELAY_MS,
      action: { label: t('undo.button'), onClick: () => void settle(true) },
      onAutoClose: () => void settle(false),
      onDismiss: () => void settle(false),
    });
    waiting.set(id, () => settle(false));
    window.addEventListener('beforeunload', guardUnload);
  };
}
