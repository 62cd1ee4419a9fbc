import { describe, expect, it } from 'vitest';
import {
  type AuthorizationRequest,
  evaluate,
  type NamedPolicy,
  type PolicyStatement,
  policyProblems,
  UnsupportedPolicyError,
} from './policy-evaluator.ts';

/**
 * The evaluator against the IAM User Guide's rules: "Policy evaluation logic" (explicit deny, then allow,
 * else implicit deny), "IAM JSON policy elements" (Action/NotAction, Resource/NotResource, wildcards) and
 * "Condition operators" / "Single-valued vs. multivalued context keys" (missing keys, IfExists, Null,
 * ForAllValues/ForAnyValue).
 */

const TABLE = 'arn:aws:dynamodb:ap-northeast-2:123456789012:table/cutloom-test';
const policy = (...statements: PolicyStatement[]): NamedPolicy => ({
  name: 'Policy',
  document: { Version: '2012-10-17', Statement: statements },
});
const request = (action: string, resource: string, context: AuthorizationRequest['context'] = {}) => ({
  action,
  resource,
  context,
});
const allows = (policies: NamedPolicy[], req: AuthorizationRequest) => evaluate(policies, req).allowed;

describe('the order of evaluation', () => {
  const allowPut: PolicyStatement = {
    Sid: 'Put',
    Effect: 'Allow',
    Action: 'dynamodb:PutItem',
    Resource: TABLE,
  };
  const denyPut: PolicyStatement = {
    Sid: 'NoPut',
    Effect: 'Deny',
    Action: 'dynamodb:PutItem',
    Resource: '*',
  };

  it('denies what no statement allows (implicit deny)', () => {
    expect(evaluate([policy()], request('dynamodb:PutItem', TABLE))).toEqual({
      allowed: false,
      reason: 'no-allow',
    });
    expect(evaluate([], request('dynamodb:PutItem', TABLE))).toEqual({ allowed: false, reason: 'no-allow' });
  });
  it('allows what a statement allows, naming the statement', () => {
    expect(evaluate([policy(allowPut)], request('dynamodb:PutItem', TABLE))).toEqual({
      allowed: true,
      statement: { policy: 'Policy', sid: 'Put', index: 0 },
    });
  });
  it('lets an explicit deny win over an allow, whatever the order and whichever policy holds it', () => {
    const expected = {
      allowed: false,
      reason: 'explicit-deny',
      statement: { policy: 'Policy', sid: 'NoPut', index: 1 },
    };
    expect(evaluate([policy(allowPut, denyPut)], request('dynamodb:PutItem', TABLE))).toEqual(expected);
    expect(evaluate([policy(denyPut, allowPut)], request('dynamodb:PutItem', TABLE))).toMatchObject({
      reason: 'explicit-deny',
      statement: { index: 0 },
    });
    expect(
      evaluate(
        [policy(allowPut), { name: 'Guard', document: { Statement: denyPut } }],
        request('dynamodb:PutItem', TABLE),
      ),
    ).toEqual({
      allowed: false,
      reason: 'explicit-deny',
      statement: { policy: 'Guard', sid: 'NoPut', index: 0 },
    });
  });
  it('reports a statement without a Sid by its index', () => {
    const decision = evaluate(
      [policy({ Effect: 'Deny', Action: '*', Resource: '*' })],
      request('sqs:SendMessage', '*'),
    );
    expect(decision).toEqual({
      allowed: false,
      reason: 'explicit-deny',
      statement: { policy: 'Policy', index: 0 },
    });
  });
});

describe('Action and NotAction', () => {
  it.each([
    ['dynamodb:GetItem', 'dynamodb:GetItem', true],
    ['dynamodb:*', 'dynamodb:GetItem', true],
    ['dynamodb:Get*', 'dynamodb:GetItem', true],
    ['dynamodb:Get*', 'dynamodb:BatchGetItem', false],
    ['dynamodb:?etItem', 'dynamodb:GetItem', true],
    ['dynamodb:?etItem', 'dynamodb:PutItem', false],
    // Action names are case-insensitive.
    ['DynamoDB:getitem', 'dynamodb:GetItem', true],
    ['*', 'sqs:SendMessage', true],
    ['s3:GetObject', 's3:GetObjectVersion', false],
  ])('%s matches %s: %s', (pattern, action, expected) => {
    expect(allows([policy({ Effect: 'Allow', Action: pattern, Resource: '*' })], request(action, '*'))).toBe(
      expected,
    );
  });
  it('NotAction allows every action but those listed', () => {
    const everythingButIam = [policy({ Effect: 'Allow', NotAction: 'iam:*', Resource: '*' })];
    expect(allows(everythingButIam, request('s3:GetObject', 'arn:aws:s3:::b/k'))).toBe(true);
    expect(allows(everythingButIam, request('iam:PassRole', 'arn:aws:iam::123456789012:role/r'))).toBe(false);
  });
});

describe('Resource and NotResource', () => {
  it.each([
    [TABLE, TABLE, true],
    // An index is a resource of its own: the table's ARN does not cover it.
    [TABLE, `${TABLE}/index/gsi1`, false],
    [`${TABLE}/index/*`, `${TABLE}/index/gsi1`, true],
    [`${TABLE}*`, `${TABLE}/index/gsi1`, true],
    // Resource ARNs are case-sensitive.
    ['arn:aws:s3:::bucket/*', 'arn:aws:s3:::Bucket/key', false],
    ['arn:aws:s3:::bucket/*', 'arn:aws:s3:::bucket/a/b/c', true],
    ['arn:aws:s3:::bucket/*', 'arn:aws:s3:::bucket', false],
    // Each part of an ARN is matched on its own: a wildcard in the region does not reach the account.
    ['arn:aws:sqs:*:123456789012:jobs', 'arn:aws:sqs:us-east-1:123456789012:jobs', true],
    ['arn:aws:sqs:*:jobs', 'arn:aws:sqs:us-east-1:123456789012:jobs', false],
    // CDK's grant on a secret by name: `-??????` stands for the six characters Secrets Manager adds.
    [
      'arn:aws:secretsmanager:ap-northeast-2:123456789012:secret:cutloom/test/portone-??????',
      'arn:aws:secretsmanager:ap-northeast-2:123456789012:secret:cutloom/test/portone-AbCdEf',
      true,
    ],
    [
      'arn:aws:secretsmanager:ap-northeast-2:123456789012:secret:cutloom/test/portone-??????',
      'arn:aws:secretsmanager:ap-northeast-2:123456789012:secret:cutloom/test/portone-old-AbCdEf',
      false,
    ],
    ['*', 'arn:aws:firehose:ap-northeast-2:123456789012:deliverystream/events', true],
  ])('%s covers %s: %s', (pattern, resource, expected) => {
    expect(
      allows([policy({ Effect: 'Allow', Action: '*', Resource: pattern })], request('x:Y', resource)),
    ).toBe(expected);
  });
  it('NotResource applies to every resource but those listed', () => {
    const policies = [
      policy(
        { Effect: 'Allow', Action: 's3:*', Resource: '*' },
        { Sid: 'OnlyFeedback', Effect: 'Deny', Action: 's3:*', NotResource: 'arn:aws:s3:::feedback/*' },
      ),
    ];
    expect(allows(policies, request('s3:GetObject', 'arn:aws:s3:::feedback/a.log'))).toBe(true);
    expect(evaluate(policies, request('s3:GetObject', 'arn:aws:s3:::other/a.log'))).toMatchObject({
      reason: 'explicit-deny',
    });
  });
});

describe('conditions', () => {
  const withCondition = (Condition: PolicyStatement['Condition']) => [
    policy({ Effect: 'Allow', Action: '*', Resource: '*', Condition }),
  ];
  const holds = (Condition: PolicyStatement['Condition'], context: AuthorizationRequest['context']) =>
    allows(withCondition(Condition), request('s3:ListBucket', 'arn:aws:s3:::b', context));

  it('takes several values of one key as OR, several keys and several operators as AND', () => {
    const or = { StringEquals: { 's3:prefix': ['projects/', 'cloud/'] } };
    expect(holds(or, { 's3:prefix': 'cloud/' })).toBe(true);
    expect(holds(or, { 's3:prefix': 'other/' })).toBe(false);
    const and = { StringEquals: { 's3:prefix': 'projects/', 's3:delimiter': '/' } };
    expect(holds(and, { 's3:prefix': 'projects/', 's3:delimiter': '/' })).toBe(true);
    expect(holds(and, { 's3:prefix': 'projects/' })).toBe(false);
    const operators = {
      StringLike: { 's3:prefix': 'projects/*' },
      NumericLessThanEquals: { 's3:max-keys': '100' },
    };
    expect(holds(operators, { 's3:prefix': 'projects/a', 's3:max-keys': '50' })).toBe(true);
    expect(holds(operators, { 's3:prefix': 'projects/a', 's3:max-keys': '500' })).toBe(false);
  });
  it('reads condition key names without regard to case, and values with it', () => {
    expect(holds({ StringEquals: { 'S3:Prefix': 'projects/' } }, { 's3:prefix': 'projects/' })).toBe(true);
    expect(holds({ StringEquals: { 's3:prefix': 'Projects/' } }, { 's3:prefix': 'projects/' })).toBe(false);
    expect(
      holds({ StringEqualsIgnoreCase: { 's3:prefix': 'Projects/' } }, { 's3:prefix': 'projects/' }),
    ).toBe(true);
  });
  it('treats a missing key as AWS does: no match, except for the negated operators, IfExists and Null', () => {
    expect(holds({ StringEquals: { 's3:prefix': 'projects/' } }, {})).toBe(false);
    expect(holds({ StringLike: { 's3:prefix': '*' } }, {})).toBe(false);
    expect(holds({ StringNotEquals: { 's3:prefix': 'projects/' } }, {})).toBe(true);
    expect(holds({ ArnNotLike: { 'aws:PrincipalArn': 'arn:aws:iam::*:role/x' } }, {})).toBe(true);
    expect(holds({ StringEqualsIfExists: { 's3:prefix': 'projects/' } }, {})).toBe(true);
    expect(holds({ StringEqualsIfExists: { 's3:prefix': 'projects/' } }, { 's3:prefix': 'other/' })).toBe(
      false,
    );
    expect(holds({ Null: { 's3:prefix': 'true' } }, {})).toBe(true);
    expect(holds({ Null: { 's3:prefix': 'true' } }, { 's3:prefix': '' })).toBe(false);
    expect(holds({ Null: { 's3:prefix': 'false' } }, { 's3:prefix': 'projects/' })).toBe(true);
    expect(holds({ Null: { 's3:prefix': false } }, {})).toBe(false);
  });
  it('negated operators hold when the value matches none of the values', () => {
    expect(holds({ StringNotEquals: { 's3:prefix': ['a/', 'b/'] } }, { 's3:prefix': 'c/' })).toBe(true);
    expect(holds({ StringNotEquals: { 's3:prefix': ['a/', 'b/'] } }, { 's3:prefix': 'b/' })).toBe(false);
    expect(holds({ StringNotLike: { 's3:prefix': 'a/*' } }, { 's3:prefix': 'a/x' })).toBe(false);
  });

  describe('the audit trail deny (ForAnyValue:StringLike on dynamodb:LeadingKeys)', () => {
    const auditGuard = [
      policy(
        {
          Effect: 'Allow',
          Action: ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:BatchWriteItem'],
          Resource: TABLE,
        },
        {
          Effect: 'Deny',
          Action: ['dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'],
          Resource: TABLE,
          Condition: { 'ForAnyValue:StringLike': { 'dynamodb:LeadingKeys': ['$cutloom#auditmonth_*'] } },
        },
      ),
    ];
    const leading = (action: string, keys?: string[]) =>
      evaluate(auditGuard, request(action, TABLE, keys ? { 'dynamodb:LeadingKeys': keys } : {}));
    it('denies changing an audit entry, alone or among others', () => {
      expect(leading('dynamodb:UpdateItem', ['$cutloom#auditmonth_2026-11'])).toMatchObject({
        reason: 'explicit-deny',
      });
      expect(
        leading('dynamodb:BatchWriteItem', ['$cutloom#user_1', '$cutloom#auditmonth_2026-11']),
      ).toMatchObject({
        reason: 'explicit-deny',
      });
    });
    it('lets other partitions and new entries through, and a request without the key (ForAnyValue of nothing is false)', () => {
      expect(leading('dynamodb:UpdateItem', ['$cutloom#user_1']).allowed).toBe(true);
      expect(leading('dynamodb:PutItem', ['$cutloom#auditmonth_2026-11']).allowed).toBe(true);
      expect(leading('dynamodb:UpdateItem').allowed).toBe(true);
    });
  });

  it('ForAllValues holds when every value matches, and also when the key is missing (the documented trap)', () => {
    const onlyMine = { 'ForAllValues:StringEquals': { 'dynamodb:LeadingKeys': ['u1', 'u2'] } };
    expect(holds(onlyMine, { 'dynamodb:LeadingKeys': ['u1', 'u2'] })).toBe(true);
    expect(holds(onlyMine, { 'dynamodb:LeadingKeys': ['u1', 'u3'] })).toBe(false);
    expect(holds(onlyMine, {})).toBe(true);
    expect(holds(onlyMine, { 'dynamodb:LeadingKeys': [] })).toBe(true);
    expect(
      holds({ 'ForAnyValue:StringEquals': { 'dynamodb:LeadingKeys': 'u1' } }, { 'dynamodb:LeadingKeys': [] }),
    ).toBe(false);
    expect(
      holds(
        { 'ForAllValues:StringNotLike': { 'ses:Recipients': '*@blocked.example' } },
        { 'ses:Recipients': ['a@x.example'] },
      ),
    ).toBe(true);
  });
  it('Bool, ARN, numeric and date operators', () => {
    expect(holds({ Bool: { 'aws:SecureTransport': 'false' } }, { 'aws:SecureTransport': 'true' })).toBe(
      false,
    );
    expect(holds({ Bool: { 'aws:SecureTransport': true } }, { 'aws:SecureTransport': 'true' })).toBe(true);
    const role = 'arn:aws:iam::123456789012:role/Cutloom-test-Payment-fn';
    expect(
      holds(
        { ArnLike: { 'aws:PrincipalArn': 'arn:aws:iam::*:role/Cutloom-test-*' } },
        { 'aws:PrincipalArn': role },
      ),
    ).toBe(true);
    expect(
      holds({ ArnEquals: { 'aws:PrincipalArn': 'arn:aws:iam::*:role/Other' } }, { 'aws:PrincipalArn': role }),
    ).toBe(false);
    expect(holds({ NumericGreaterThan: { 's3:max-keys': 10 } }, { 's3:max-keys': '11' })).toBe(true);
    expect(holds({ NumericNotEquals: { 's3:max-keys': '10' } }, { 's3:max-keys': '10' })).toBe(false);
    expect(
      holds({ DateLessThan: { 'x:When': '2026-01-01T00:00:00Z' } }, { 'x:When': '2025-12-31T23:59:59Z' }),
    ).toBe(true);
    expect(
      holds({ DateGreaterThanEquals: { 'x:When': '1767225600' } }, { 'x:When': '2026-01-01T00:00:00Z' }),
    ).toBe(true);
  });
});

describe('what the evaluator refuses to guess', () => {
  const statement = (extra: Partial<PolicyStatement>): PolicyStatement => ({
    Effect: 'Allow',
    Action: '*',
    Resource: '*',
    ...extra,
  });
  it.each([
    ['an unknown operator', statement({ Condition: { StringMatchesRegex: { 's3:prefix': '.*' } } })],
    [
      'an operator it does not model',
      statement({ Condition: { IpAddress: { 'aws:SourceIp': '10.0.0.0/8' } } }),
    ],
    ['Null with a set operator', statement({ Condition: { 'ForAnyValue:Null': { 's3:prefix': 'true' } } })],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: an IAM policy variable, not a template
    ['a policy variable', statement({ Resource: 'arn:aws:s3:::b/${aws:username}/*' })],
    ['both Action and NotAction', statement({ NotAction: 'iam:*' })],
    ['neither Resource nor NotResource', { Effect: 'Allow', Action: '*' } as PolicyStatement],
    ['a Principal', { ...statement({}), Principal: '*' } as PolicyStatement],
  ])('throws on %s, never allowing', (_, bad) => {
    expect(() =>
      evaluate([policy(bad)], request('s3:ListBucket', 'arn:aws:s3:::b', { 's3:prefix': 'x' })),
    ).toThrow(UnsupportedPolicyError);
    expect(policyProblems([policy(bad)])).toHaveLength(1);
  });
  it('throws on a single-valued operator over a key with several values', () => {
    const policies = [policy(statement({ Condition: { StringLike: { 'dynamodb:LeadingKeys': 'a*' } } }))];
    expect(() =>
      evaluate(policies, request('dynamodb:BatchWriteItem', TABLE, { 'dynamodb:LeadingKeys': ['a1', 'b1'] })),
    ).toThrow(/set operator/);
    expect(
      evaluate(policies, request('dynamodb:PutItem', TABLE, { 'dynamodb:LeadingKeys': ['a1'] })).allowed,
    ).toBe(true);
  });
  it('with the keys the caller models, throws on a condition key it does not fill', () => {
    const policies = [policy(statement({ Condition: { StringEquals: { 'aws:SourceVpce': 'vpce-1' } } }))];
    const known = { knownConditionKeys: new Set(['s3:prefix']) };
    expect(() => evaluate(policies, request('s3:ListBucket', 'arn:aws:s3:::b'), known)).toThrow(
      /aws:SourceVpce/,
    );
    // A modelled key absent from this request is simply absent.
    const prefix = [policy(statement({ Condition: { StringLike: { 's3:prefix': 'p/*' } } }))];
    expect(evaluate(prefix, request('s3:GetObject', 'arn:aws:s3:::b/k'), known).allowed).toBe(false);
  });
  it('finds no problem in well-formed policies', () => {
    expect(
      policyProblems([
        policy(
          { Effect: 'Allow', Action: ['dynamodb:GetItem'], Resource: [TABLE] },
          {
            Effect: 'Deny',
            Action: 'dynamodb:UpdateItem',
            Resource: TABLE,
            Condition: { 'ForAnyValue:StringLike': { 'dynamodb:LeadingKeys': ['$cutloom#auditmonth_*'] } },
          },
        ),
      ]),
    ).toEqual([]);
  });
});
