import * as z from 'zod/mini';
import { defineRoute } from './define-route.ts';

/** In its own module, in zod/mini, because every public page asks it (analytics sampling). */
export const geoip = defineRoute({
  name: 'geoip',
  service: 'auth',
  method: 'POST',
  path: '/geoip',
  caller: 'public',
  summary: "The visitor's country (ISO 3166 alpha-2, 'ZZ' when unknown), cacheable per visitor for a day",
  request: z.object({}),
  response: z.object({ country: z.string().check(z.length(2)) }),
  handler: 'geo/geoip',
});

export const geoRoutes = [geoip] as const;
