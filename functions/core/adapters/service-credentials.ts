import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { traced } from '../observability.ts';
import { environment, type VariableName } from '../settings.ts';

const fromSecrets = new Map<string, Promise<Record<string, string>>>();

/**
 * The credentials of an outside service. On one machine they are plain environment variables (the
 * sandbox stand-ins set them); in AWS the stack passes the ARN of a Secrets Manager secret holding
 * them as JSON, which is read once per container.
 *
 *   serviceCredentials('PORTONE_SECRET_ARN', { apiKey: 'PORTONE_API_KEY', apiSecret: 'PORTONE_API_SECRET' })
 *   -> { apiKey, apiSecret } from the two variables, else from the secret's JSON keys apiKey, apiSecret
 */
export async function serviceCredentials<K extends string>(
  arnVariable: VariableName,
  variables: Record<K, VariableName>,
): Promise<Record<K, string>> {
  const names = Object.keys(variables) as K[];
  const local = names.map((name) => environment(variables[name]));
  if (local.every(Boolean))
    return Object.fromEntries(names.map((name, i) => [name, local[i]])) as Record<K, string>;

  const arn = environment(arnVariable);
  if (!arn) {
    throw new Error(`Set ${Object.values<string>(variables).join(', ')} or ${arnVariable}`);
  }
  let secret = fromSecrets.get(arn);
  if (!secret) {
    secret = readSecret(arn);
    fromSecrets.set(arn, secret);
    // A failed read (throttling, a missing grant) must not stick for the container's life.
    secret.catch(() => fromSecrets.delete(arn));
  }
  const values = await secret;
  for (const name of names) {
    if (!values[name]) throw new Error(`The secret ${arnVariable} has no ${name}`);
  }
  return Object.fromEntries(names.map((name) => [name, values[name]])) as Record<K, string>;
}

async function readSecret(arn: string): Promise<Record<string, string>> {
  const { SecretString } = await traced(new SecretsManagerClient({})).send(
    new GetSecretValueCommand({ SecretId: arn }),
  );
  if (!SecretString) throw new Error(`The secret ${arn} is empty`);
  return JSON.parse(SecretString) as Record<string, string>;
}
