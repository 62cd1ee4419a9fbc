import { Toaster as SonnerToaster } from 'sonner';

/**
 * Where the console's toasts appear: bottom right, above dialogs, each for four seconds; at the top
 * they covered the navigation and the logout (issue 19, defect 9).
 */
export function ConsoleToaster() {
  return <SonnerToaster position="bottom-right" richColors closeButton duration={4000} />;
}
