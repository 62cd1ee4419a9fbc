import {
  FIRST_KEY_ID,
  parseRotatingSecret,
  type RotatingSecret,
} from '../../../shared/secrets/rotating-secret.ts';
import { secretText } from '../adapters/secrets.ts';
import { environment } from '../settings.ts';

/**
 * The HMAC keys of ID and link tokens. On one machine the key comes from ID_TOKEN_SECRET; in AWS the
 * stack passes the ARN of a Secrets Manager secret (ID_TOKEN_SECRET_ARN) holding a rotating secret
 * (shared/secrets/rotating-secret.ts), read through Powertools Parameters. `fresh` reads past the cache,
 * for a token whose key id this container does not know yet (signed after a rotation).
 */
export async function signingKeys(options: { fresh?: boolean } = {}): Promise<RotatingSecret> {
  const local = environment('ID_TOKEN_SECRET');
  if (local) return { keyId: FIRST_KEY_ID, key: local };
  const arn = environment('ID_TOKEN_SECRET_ARN');
  if (!arn) throw new Error('Neither ID_TOKEN_SECRET nor ID_TOKEN_SECRET_ARN is set');
  return parseRotatingSecret(await secretText(arn, options));
}
