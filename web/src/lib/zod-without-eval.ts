import type { $ZodConfig } from 'zod/v4/core';

/**
 * zod compiles object parsers with `new Function` where it can, and probes for it as each object
 * schema is built; under the site's policy (no 'unsafe-eval', shared/site/security-headers.ts) even
 * the probe is a reported violation. Jitless parsing is zod's switch for such pages, set here through
 * the global config object zod reads when it loads (zod's src/v4/core/core.ts documents setting it
 * before zod is imported), so the entry chunk carries no part of zod. Imported first by the browser
 * entry: every schema is built in a chunk loaded after it.
 */
const shared = globalThis as { __zod_globalConfig?: $ZodConfig };
shared.__zod_globalConfig ??= {};
shared.__zod_globalConfig.jitless = true;
