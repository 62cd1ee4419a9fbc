import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { traced } from '../observability.ts';
import { environment } from '../settings.ts';

let secret: Promise<Uint8Array> | undefined;

/**
 * The HMAC key of ID tokens. On one machine it comes from ID_TOKEN_SECRET; in AWS the stack
 * passes the ARN of a Secrets Manager secret (ID_TOKEN_SECRET_ARN) that is read once per container.
 */
export function signingSecret(): Promise<Uint8Array> {
  secret ??= load();
  return secret;
}

async function load(): Promise<Uint8Array> {
  const local = environment('ID_TOKEN_SECRET');
  if (local) return new TextEncoder().encode(local);
  const arn = environment('ID_TOKEN_SECRET_ARN');
  if (!arn) throw new Error('Neither ID_TOKEN_SECRET nor ID_TOKEN_SECRET_ARN is set');
  const client = traced(new SecretsManagerClient({}));
  const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: arn }));
  if (!SecretString) throw new Error('The ID token secret is empty');
  return new TextEncoder().encode(SecretString);
}
