/**
 * Rotates one of the stage's rotating secrets without downtime (shared/secrets/rotating-secret.ts):
 *
 *   npm run rotate-secret -- id-token-key [--stage dev] [--region ap-northeast-2] [--force]
 *   npm run rotate-secret -- origin [--stage dev] [--region ap-northeast-2] [--no-deploy]
 *
 * It writes a new key beside the one in use, which stays accepted until the next rotation. The functions
 * read the secret at run time and take up the new key within SECRET_CACHE_SECONDS (sooner when they meet
 * a key id or header they do not know yet). For the token key that is all: new tokens carry the new key's
 * id, older ones still verify. It refuses (unless --force) to drop a key that may still have signed a
 * valid token: the key in use must be older than the longest-lived link (LINK_TOKEN_MAX_SECONDS). For the
 * origin secret CloudFront must send the new key: the command then deploys the web stack with the new
 * secret version pinned (CDK context `originSecretVersion`; CloudFormation re-reads a dynamic reference
 * only when the template changes), with the credentials and CDK CLI of the environment it runs in.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import {
  GetSecretValueCommand,
  PutSecretValueCommand,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { LINK_TOKEN_MAX_SECONDS } from '../../functions/core/identity/id-token.ts';
import { DEFAULT_REGION } from '../../infra/build-app.ts';
import { repoRoot } from '../../infra/bundling.ts';
import { productSecretName, type SecretPurpose } from '../../infra/stateful-stack.ts';
import { keyIdAt, mayRotate, parseRotatingSecret, rotated } from '../../shared/secrets/rotating-secret.ts';
import { SECRET_CACHE_SECONDS } from '../../shared/timeouts.ts';

const ROTATING: readonly SecretPurpose[] = ['id-token-key', 'origin'];

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : undefined;
}

export async function rotateSecret(options: {
  purpose: SecretPurpose;
  stage: string;
  region: string;
  force?: boolean;
  now?: Date;
  /** The Secrets Manager to talk to, when not the environment's (the deploy check's emulator). */
  endpoint?: string;
}): Promise<{ name: string; keyId: string; versionId: string }> {
  const client = new SecretsManagerClient({
    region: options.region,
    ...(options.endpoint
      ? { endpoint: options.endpoint, credentials: { accessKeyId: 'emulator', secretAccessKey: 'emulator' } }
      : {}),
  });
  const name = productSecretName(options.stage, options.purpose);
  const now = options.now ?? new Date();
  const current = await client.send(new GetSecretValueCommand({ SecretId: name }));
  const secret = parseRotatingSecret(current.SecretString ?? '');
  const longest = LINK_TOKEN_MAX_SECONDS + SECRET_CACHE_SECONDS;
  if (options.purpose === 'id-token-key' && !options.force && !mayRotate(secret, now, longest))
    throw new Error(
      `The key in use (${secret.keyId}) is younger than the longest-lived link (${LINK_TOKEN_MAX_SECONDS / 86_400} days): ` +
        'rotating now would refuse links signed with the key before it. Wait, or pass --force.',
    );
  const keyId = keyIdAt(now);
  const next = rotated(secret, randomBytes(48).toString('base64url'), keyId);
  const answer = await client.send(
    new PutSecretValueCommand({ SecretId: name, SecretString: JSON.stringify(next) }),
  );
  return { name, keyId, versionId: answer.VersionId ?? '' };
}

async function main(): Promise<number> {
  const purpose = process.argv[2] as SecretPurpose;
  if (!ROTATING.includes(purpose)) {
    console.error(
      `Usage: npm run rotate-secret -- ${ROTATING.join('|')} [--stage dev] [--region ${DEFAULT_REGION}]`,
    );
    return 2;
  }
  const stage = option('stage') ?? 'dev';
  const region = option('region') ?? DEFAULT_REGION;
  const rotation = await rotateSecret({ purpose, stage, region, force: process.argv.includes('--force') });
  console.log(
    `${rotation.name}: new key ${rotation.keyId} (version ${rotation.versionId}); the previous key stays accepted`,
  );
  if (purpose !== 'origin' || process.argv.includes('--no-deploy')) return 0;
  console.log(`Deploying Cutloom-${stage}-Web so that CloudFront sends the new key`);
  const deploy = spawnSync(
    join(repoRoot, 'node_modules/.bin/cdk'),
    [
      'deploy',
      `Cutloom-${stage}-Web`,
      '--exclusively',
      '--require-approval',
      'never',
      '-c',
      `stage=${stage}`,
      '-c',
      `region=${region}`,
      '-c',
      `originSecretVersion=${rotation.versionId}`,
    ],
    { cwd: repoRoot, stdio: 'inherit' },
  );
  return deploy.status ?? 1;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = await main();
