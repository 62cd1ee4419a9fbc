import { environment, type VariableName } from '../settings.ts';
import { secretText } from './secrets.ts';

/**
 * The credentials of an outside service. On one machine they are plain environment variables (the
 * sandbox stand-ins set them); in AWS the stack passes the ARN of a Secrets Manager secret holding
 * them as JSON, read through Powertools Parameters (adapters/secrets.ts): an operator's new credentials
 * reach every container within its cache time.
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
  const values = JSON.parse(await secretText(arn)) as Record<string, string>;
  for (const name of names) {
    if (!values[name]) throw new Error(`The secret ${arnVariable} has no ${name}`);
  }
  return Object.fromEntries(names.map((name) => [name, values[name]])) as Record<K, string>;
}
