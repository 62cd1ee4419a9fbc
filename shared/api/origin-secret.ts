/**
 * HTTP APIs cannot carry a WAF web ACL, so the API is served only through CloudFront, whose ACL covers
 * it: the distribution adds this header, with the stage's origin secret, to every request it forwards to
 * an API (infra/web-stack.ts), and the route pipeline refuses a request without it
 * (functions/core/pipeline.ts) before anything else, so a caller of the execute-api endpoint reaches
 * nothing. CloudFront's "Adding custom headers to origin requests":
 * https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/add-origin-custom-headers.html
 */
export const ORIGIN_SECRET_HEADER = 'x-cutloom-origin-secret';

/**
 * The variable that gives a route's function the ARN of the secret, read at run time (a rotating secret:
 * shared/secrets/rotating-secret.ts); unset on one machine, where there is no CloudFront.
 */
export const ORIGIN_SECRET_ARN_VARIABLE = 'ORIGIN_SECRET_ARN';
