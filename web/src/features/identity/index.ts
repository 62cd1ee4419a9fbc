/** What other features use of identity; anything else in this folder is its own. */

export { signInWithGooglePopup } from './google-flow.ts';
export { useRedirectSignedInToApp } from './hooks/use-signed-in-redirect.ts';
export { CODE_PROVIDERS, PROVIDER_ID, signInWithProviderPopup } from './provider-flow.ts';
