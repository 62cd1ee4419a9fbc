import * as z from 'zod/mini';
import { DownloadSpecSchema } from '../downloads/download-packages.ts';
import { SITE_LANGUAGES } from '../languages.ts';
import { defineRoute } from './define-route.ts';

/**
 * The app's release feed: the latest version and its packages per platform. It sits under /operator
 * because operators publish releases (the config entry it reads is edited in the admin console) and
 * the desktop app asks the same feed for updates.
 */
export const latest = defineRoute({
  name: 'latest',
  service: 'operator',
  method: 'POST',
  path: '/latest',
  caller: 'public',
  summary: 'The latest release: version and candidate packages per platform',
  request: z.object({
    /** The tracking client id ('w-…' on the web, 'e-…' in the desktop app). */
    cid: z.optional(z.string().check(z.maxLength(64))),
    clientType: z.string().check(z.minLength(1), z.maxLength(32)),
    language: z.enum(SITE_LANGUAGES),
    osName: z.optional(z.string().check(z.maxLength(32))),
  }),
  response: DownloadSpecSchema,
  handler: 'downloads/latest',
  grants: ['table:read'],
});

export const downloadRoutes = [latest] as const;
