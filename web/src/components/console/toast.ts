import { toast } from 'sonner';
import { type CodeTexts, errorLine, errorTextNow } from '../../lib/console/error-text.ts';

/**
 * The console's toasts (sonner), one call per outcome so every screen words them alike: 'Saved
 * successfully' / 'Save failed', 'Deleted successfully' / 'Delete failed', 'copied!', 'update success'
 * and the action toasts. `text` is already translated; a failure may add why, in the operator's
 * language with its code (never the server's own text).
 */
export const notify = {
  success: (text: string) => toast.success(text),
  failure: (text: string, error?: unknown, texts?: CodeTexts) =>
    toast.error(
      text,
      error === undefined ? undefined : { description: errorLine(errorTextNow(error, texts)) },
    ),
};
