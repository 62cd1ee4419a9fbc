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
  /** The site's origin, e.g. https://cutloom.app: the base of the links the product mails. */
  get siteUrl(): string {
    return required('SITE_URL').replace(/\/$/, '');
  },
  /** The sender of the product's mails (an SES-verified identity). */
  get mailFrom(): string {
    return required('MAIL_FROM');
  },
  /** Google sign-in: our OAuth client and the provider's endpoints (the local sandbox on one machine). */
  get google() {
    return {
      clientId: required('GOOGLE_CLIENT_ID'),
      authorizeUrl: process.env.GOOGLE_AUTHORIZE_URL || 'https://accounts.google.com/o/oauth2/v2/auth',
      tokenInfoUrl: process.env.GOOGLE_TOKENINFO_URL || 'https://oauth2.googleapis.com/tokeninfo',
      userInfoUrl: process.env.GOOGLE_USERINFO_URL || 'https://openidconnect.googleapis.com/v1/userinfo',
    };
  },
  /** Deployment stage: 'local', 'dev' or 'release'. */
  get stage(): string {
    return process.env.STAGE || 'local';
  },
};
