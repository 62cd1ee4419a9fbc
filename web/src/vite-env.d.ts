/// <reference types="vite/client" />

/** The app version from package.json (vite.config.ts `define`). */
declare const __APP_VERSION__: string;
/** Which app this build is (web/vite.config.ts): the site, the console, or both in development. */
declare const __WEB_APP__: 'dev' | 'site' | 'console';

interface ImportMetaEnv {
  /** The site's public origin for canonical and hreflang URLs (default https://www.cutloom.app). */
  readonly VITE_SITE_ORIGIN?: string;
}
