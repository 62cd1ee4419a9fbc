/**
 * Runtime settings of the server code, read from the environment once per container. The CDK
 * stacks and the local runtime (scripts/local) set the same variables.
 */
function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
}

export const settings = {
  get tableName(): string {
    return required('TABLE_NAME');
  },
  /** Set only on one machine: the DynamoDB Local endpoint. */
  get dynamoEndpoint(): string | undefined {
    return process.env.DYNAMODB_ENDPOINT || undefined;
  },
  get region(): string {
    return process.env.AWS_REGION || 'ap-northeast-2';
  },
  /** Deployment stage: 'local', 'dev' or 'release'. */
  get stage(): string {
    return process.env.STAGE || 'local';
  },
};
