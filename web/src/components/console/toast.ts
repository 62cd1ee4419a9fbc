import { toast } from 'sonner';

/**
 * The console's toasts (sonner), one call per outcome so every screen words them alike: 'Saved
 * successfully' / 'Save failed', 'Deleted successfully' / 'Delete failed', 'copied!', 'update success'
 * and the action toasts. `text` is already translated; a failure may add the error's message.
 */
export const notify = {
  success: (text: string) => toast.success(text),
  failure: (text: string, error?: unknown) =>
    toast.error(text, error instanceof Error ? { description: error.message } : undefined),
};
