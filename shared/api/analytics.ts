import * as z from 'zod/mini';
import { defineRoute } from './define-route.ts';

/** At most this many events in one request (the web sends one session group per request). */
export const ANALYTICS_BATCH_LIMIT = 200;

/** A tracking client id: 'w-' on the web, 'e-' in the desktop app, then a random id. */
export const TRACKING_CLIENT_ID = /^[we]-[A-Za-z0-9-]{8,60}$/;

const short = (max: number) => z.string().check(z.maxLength(max));

/** One analytics event on the wire (site-and-payments.md section 3), plus its id, time and session. */
export const AnalyticsEventSchema = z.object({
  cid: z.string().check(z.maxLength(62), z.regex(TRACKING_CLIENT_ID)),
  cidTimestamp: z.int().check(z.positive()),
  category: short(64).check(z.minLength(1)),
  action: short(64).check(z.minLength(1)),
  label: z.optional(short(256)),
  osName: z.optional(short(32)),
  installCode: z.optional(short(64)),
  pathname: short(512),
  customValue: z.optional(z.union([short(1024), z.number()])),
  /** Chosen by the browser when the event happens: a retried flush stores it once. */
  insertId: z.string().check(z.maxLength(64), z.regex(/^[A-Za-z0-9-]{8,64}$/)),
  unixTimestampMs: z.int().check(z.positive()),
  /** The session group (30-minute window) the event belongs to. */
  sessionId: short(96).check(z.minLength(1)),
});
export type AnalyticsEvent = z.infer<typeof AnalyticsEventSchema>;

export const analyticsV2 = defineRoute({
  name: 'analyticsV2',
  service: 'payment',
  method: 'POST',
  path: '/analytics-v2',
  caller: 'public',
  summary: 'Stores a batch of analytics events (idempotent per event insertId)',
  request: z.object({
    clientType: short(32).check(z.minLength(1)),
    events: z.array(AnalyticsEventSchema).check(z.minLength(1), z.maxLength(ANALYTICS_BATCH_LIMIT)),
  }),
  response: z.object({ result: z.literal('success'), stored: z.int() }),
  handler: 'analytics/analytics-v2',
  // In AWS the events go to the analytics stream (S3); the table keeps them only on one machine.
  grants: ['analytics:put'],
});

export const analyticsRoutes = [analyticsV2] as const;
