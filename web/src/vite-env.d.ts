/// <reference types="vite/client" />

/** The app version from package.json (vite.config.ts `define`). */
declare const __APP_VERSION__: string;

interface ImportMetaEnv {
  /** The site's public origin for canonical and hreflang URLs (default https://www.cutloom.app). */
  readonly VITE_SITE_ORIGIN?: string;
}
