import { Stack, Token } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/**
 * The account as cdk-nag spells it in a finding's resource: the pseudo parameter `<AWS::AccountId>` when
 * the stack's account is unknown (offline synth), the number when the CLI gave the app one (`cdk deploy`
 * with credentials sets CDK_DEFAULT_ACCOUNT). An acknowledgement that names an ARN builds it with this, so
 * it matches in both (infra/limits.test.ts synthesises both ways).
 */
export function accountInFinding(scope: IConstruct): string {
  const { account } = Stack.of(scope);
  return Token.isUnresolved(account) ? '<AWS::AccountId>' : account;
}

/** The region as cdk-nag spells it in a finding's resource (as accountInFinding does the account). */
export function regionInFinding(scope: IConstruct): string {
  const { region } = Stack.of(scope);
  return Token.isUnresolved(region) ? '<AWS::Region>' : region;
}
