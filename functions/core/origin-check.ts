import { createHash, timingSafeEqual } from 'node:crypto';
import { ORIGIN_SECRET_ARN_VARIABLE, ORIGIN_SECRET_HEADER } from '../../shared/api/origin-secret.ts';
import {
  acceptedKeys,
  parseRotatingSecret,
  type RotatingSecret,
} from '../../shared/secrets/rotating-secret.ts';
import { secretText } from './adapters/secrets.ts';
import { environment } from './settings.ts';

/** At most one read past the cache per container in this long, so requests without the header cannot make every call a read. */
const FRESH_READ_INTERVAL_MS = 60_000;
let lastFreshRead = Number.NEGATIVE_INFINITY;

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether the header holds an accepted key, every key compared in constant time. */
function holdsAcceptedKey(header: string, secret: RotatingSecret): boolean {
  let accepted = false;
  for (const key of acceptedKeys(secret)) accepted = timingSafeEqual(digest(header), digest(key)) || accepted;
  return accepted;
}

/**
 * Whether the request came through CloudFront, which adds the origin secret (shared/api/origin-secret.ts).
 * The secret is read at run time (ORIGIN_SECRET_ARN); its current and previous keys are both accepted, so
 * a rotation refuses nothing while the distribution takes up the new one (docs/deploying.md). A header
 * that matches neither is checked once more past the cache: it may be a key rotated in since this
 * container read the secret. Without the variable (one machine) there is no CloudFront to come through.
 */
export async function cameThroughTheSite(
  headers: Record<string, string | undefined> | undefined,
): Promise<boolean> {
  const arn = environment(ORIGIN_SECRET_ARN_VARIABLE);
  if (!arn) return true;
  const header = headers?.[ORIGIN_SECRET_HEADER] ?? '';
  if (holdsAcceptedKey(header, parseRotatingSecret(await secretText(arn)))) return true;
  if (Date.now() - lastFreshRead < FRESH_READ_INTERVAL_MS) return false;
  lastFreshRead = Date.now();
  return holdsAcceptedKey(header, parseRotatingSecret(await secretText(arn, { fresh: true })));
}
