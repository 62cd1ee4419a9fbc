import { SecretsProvider } from '@aws-lambda-powertools/parameters/secrets';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { SECRET_CACHE_SECONDS } from '../../../shared/timeouts.ts';
import { traced } from '../observability.ts';

let provider: SecretsProvider | undefined;

/**
 * A secret's text, read at run time through Powertools Parameters and kept for SECRET_CACHE_SECONDS, so
 * no secret is in a function's configuration. `fresh` reads past the cache: after a rotation, a key id or
 * header this container does not know yet.
 */
export async function secretText(arn: string, options: { fresh?: boolean } = {}): Promise<string> {
  provider ??= new SecretsProvider({ awsSdkV3Client: traced(new SecretsManagerClient({})) });
  const value = await provider.get(arn, {
    maxAge: SECRET_CACHE_SECONDS,
    ...(options.fresh ? { forceFetch: true } : {}),
  });
  if (typeof value !== 'string' || !value) throw new Error(`The secret ${arn} is empty`);
  return value;
}
