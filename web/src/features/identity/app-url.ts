/**
 * The app a signed-in visitor is sent to (the online editor). It is build configuration
 * (VITE_APP_URL); on one machine it is the local stand-in page /_local/app, which shows who is
 * signed in.
 */
export const APP_URL: string = import.meta.env.VITE_APP_URL || '/_local/app';

/** Sends the browser to the app (a full navigation: the app is not part of this site). */
export function openApp(): void {
  window.location.assign(APP_URL);
}

/** A same-site path to continue to after sign-in, or undefined (never another origin). */
export function safeNextPath(next: string | undefined): string | undefined {
  return next && /^\/(?!\/)[^\s\\]*$/.test(next) ? next : undefined;
}
