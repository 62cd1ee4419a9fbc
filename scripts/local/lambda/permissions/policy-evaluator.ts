/**
 * Identity-based policy evaluation as the IAM User Guide documents it ("Policy evaluation logic",
 * https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_policies_evaluation-logic.html): an explicit
 * deny in any statement wins; otherwise an allow decides; otherwise the request is implicitly denied.
 *
 * Only what identity policies may hold is modelled (no Principal, no resource policies, boundaries,
 * session policies or SCPs: docs/local-runtime.md says why). Anything this file does not model (an
 * operator, a policy variable, a malformed statement) throws UnsupportedPolicyError, so a policy the check
 * cannot read never allows by accident; `policyProblems` lists them all up front.
 */

export interface PolicyStatement {
  Sid?: string;
  Effect: 'Allow' | 'Deny';
  Action?: string | string[];
  NotAction?: string | string[];
  Resource?: string | string[];
  NotResource?: string | string[];
  Condition?: Record<string, Record<string, unknown>>;
}
export interface PolicyDocument {
  Version?: string;
  Statement: PolicyStatement | PolicyStatement[];
}
/** A policy of a role, its intrinsic functions already resolved to plain strings. */
export interface NamedPolicy {
  name: string;
  document: PolicyDocument;
}
export interface RoleIdentity {
  functionName: string;
  roleArn: string;
  policies: NamedPolicy[];
}
/** One action on one resource, with the request context its condition keys are read from. */
export interface AuthorizationRequest {
  action: string;
  resource: string;
  context: Record<string, string | string[]>;
}
/** Which statement decided: the policy's name, the statement's Sid if any, its index in the policy. */
export interface StatementRef {
  policy: string;
  sid?: string;
  index: number;
}
export type Decision =
  | { allowed: true; statement: StatementRef }
  | { allowed: false; reason: 'explicit-deny'; statement: StatementRef }
  | { allowed: false; reason: 'no-allow' };

/** A policy construct this evaluator does not model; evaluation stops rather than guess. */
export class UnsupportedPolicyError extends Error {
  override name = 'UnsupportedPolicyError';
}

const STRING_OPERATORS = {
  StringEquals: (value: string, pattern: string) => value === pattern,
  StringEqualsIgnoreCase: (value: string, pattern: string) => value.toLowerCase() === pattern.toLowerCase(),
  StringLike: (value: string, pattern: string) => globMatches(pattern, value, false),
  ArnEquals: (value: string, pattern: string) => arnMatches(pattern, value),
  ArnLike: (value: string, pattern: string) => arnMatches(pattern, value),
  Bool: (value: string, pattern: string) => value.toLowerCase() === pattern.toLowerCase(),
  NumericEquals: (value: string, pattern: string) => numeric(value) === numeric(pattern),
  NumericLessThan: (value: string, pattern: string) => numeric(value) < numeric(pattern),
  NumericLessThanEquals: (value: string, pattern: string) => numeric(value) <= numeric(pattern),
  NumericGreaterThan: (value: string, pattern: string) => numeric(value) > numeric(pattern),
  NumericGreaterThanEquals: (value: string, pattern: string) => numeric(value) >= numeric(pattern),
  DateEquals: (value: string, pattern: string) => date(value) === date(pattern),
  DateLessThan: (value: string, pattern: string) => date(value) < date(pattern),
  DateLessThanEquals: (value: string, pattern: string) => date(value) <= date(pattern),
  DateGreaterThan: (value: string, pattern: string) => date(value) > date(pattern),
  DateGreaterThanEquals: (value: string, pattern: string) => date(value) >= date(pattern),
} as const satisfies Record<string, (value: string, pattern: string) => boolean>;

/** The negated operators: true when the value matches none of the policy's values, and when the key is absent. */
const NEGATED_OPERATORS: Record<string, keyof typeof STRING_OPERATORS> = {
  StringNotEquals: 'StringEquals',
  StringNotEqualsIgnoreCase: 'StringEqualsIgnoreCase',
  StringNotLike: 'StringLike',
  ArnNotEquals: 'ArnEquals',
  ArnNotLike: 'ArnLike',
  NumericNotEquals: 'NumericEquals',
  DateNotEquals: 'DateEquals',
};

function numeric(text: string): number {
  const value = Number(text);
  if (text.trim() === '' || Number.isNaN(value)) throw new UnsupportedPolicyError(`Not a number: "${text}"`);
  return value;
}

/** Dates as IAM takes them: ISO 8601 or epoch seconds. */
function date(text: string): number {
  const value = /^\d+$/.test(text) ? Number(text) * 1000 : Date.parse(text);
  if (Number.isNaN(value)) throw new UnsupportedPolicyError(`Not a date: "${text}"`);
  return value;
}

const globCache = new Map<string, RegExp>();

/** `*` any run of characters (slashes and colons too), `?` exactly one; everything else literal. */
function globMatches(pattern: string, value: string, ignoreCase: boolean): boolean {
  if (pattern === '*') return true;
  if (!pattern.includes('*') && !pattern.includes('?'))
    return ignoreCase ? pattern.toLowerCase() === value.toLowerCase() : pattern === value;
  const key = `${ignoreCase ? 'i' : 's'}${pattern}`;
  let regex = globCache.get(key);
  if (!regex) {
    const source = pattern
      .split('')
      .map((char) => (char === '*' ? '.*' : char === '?' ? '.' : char.replace(/[.+^${}()|[\]\\]/g, '\\$&')))
      .join('');
    regex = new RegExp(`^${source}$`, ignoreCase ? 'is' : 's');
    globCache.set(key, regex);
  }
  return regex.test(value);
}

/**
 * An ARN against an ARN pattern: each colon-separated part is matched on its own (a wildcard does not
 * reach into the next part), the resource, the sixth, taking whatever colons remain, as the ARN operators
 * and the Resource element do. A pattern of fewer parts matches the rest of the ARN with its last part.
 * A pattern that is not an ARN is a plain case-sensitive glob.
 */
function arnMatches(pattern: string, value: string): boolean {
  if (pattern === '*') return true;
  if (!pattern.startsWith('arn:') || !value.startsWith('arn:')) return globMatches(pattern, value, false);
  const patternParts = splitArn(pattern);
  const valueParts = splitArn(value);
  const last = patternParts.length - 1;
  if (valueParts.length < patternParts.length) return false;
  return patternParts.every((part, index) =>
    globMatches(
      part,
      index === last ? valueParts.slice(index).join(':') : (valueParts[index] as string),
      false,
    ),
  );
}

function splitArn(arn: string): string[] {
  const parts = arn.split(':');
  return parts.length <= 6 ? parts : [...parts.slice(0, 5), parts.slice(5).join(':')];
}

const asList = (value: unknown): string[] =>
  value === undefined ? [] : (Array.isArray(value) ? value : [value]).map((item) => String(item));

function contextValue(context: AuthorizationRequest['context'], key: string): string[] | undefined {
  // Condition key names are case-insensitive; their values are not.
  const wanted = key.toLowerCase();
  for (const [name, value] of Object.entries(context))
    if (name.toLowerCase() === wanted) return Array.isArray(value) ? value : [value];
  return undefined;
}

export interface EvaluationOptions {
  /**
   * The condition keys (lower case) the caller fills whenever AWS would for the request. A condition on a
   * key that is neither among them nor in the request's context throws UnsupportedPolicyError instead of
   * being taken as absent: the key may well be present in AWS.
   */
  knownConditionKeys?: ReadonlySet<string>;
}

/** One operator block's key against the request: multiple policy values OR, a missing key as AWS treats it. */
function conditionHolds(
  operatorName: string,
  key: string,
  policyValues: string[],
  request: AuthorizationRequest,
  options: EvaluationOptions,
) {
  let operator = operatorName;
  let set: 'ForAllValues' | 'ForAnyValue' | undefined;
  const prefix = /^(ForAllValues|ForAnyValue):(.+)$/.exec(operator);
  if (prefix) {
    set = prefix[1] as 'ForAllValues' | 'ForAnyValue';
    operator = prefix[2] as string;
  }
  const ifExists = operator.endsWith('IfExists');
  if (ifExists) operator = operator.slice(0, -'IfExists'.length);
  const values = contextValue(request.context, key);
  if (
    values === undefined &&
    options.knownConditionKeys &&
    !options.knownConditionKeys.has(key.toLowerCase())
  )
    throw new UnsupportedPolicyError(`The condition key ${key} is not modelled for ${request.action}`);
  const absent = values === undefined || values.length === 0;

  if (operator === 'Null') {
    if (set || ifExists) throw new UnsupportedPolicyError(`Unsupported condition operator ${operatorName}`);
    // "true": the key must be absent; "false": present. Several values: any may hold.
    return policyValues.some((wanted) => (wanted.toLowerCase() === 'true') === absent);
  }
  const negatedOf = NEGATED_OPERATORS[operator];
  const base = STRING_OPERATORS[(negatedOf ?? operator) as keyof typeof STRING_OPERATORS];
  if (!base) throw new UnsupportedPolicyError(`Unsupported condition operator ${operatorName}`);
  const one = (value: string) => {
    const matched = policyValues.some((pattern) => base(value, pattern));
    return negatedOf ? !matched : matched;
  };

  if (set === 'ForAllValues') return absent || (values as string[]).every(one);
  if (set === 'ForAnyValue') return absent ? ifExists : (values as string[]).some(one);
  if (absent) return ifExists || Boolean(negatedOf);
  if ((values as string[]).length > 1)
    throw new UnsupportedPolicyError(
      `${operatorName} on ${key}, which has several values in this request: a set operator (ForAllValues:/ForAnyValue:) is needed`,
    );
  return one((values as string[])[0] as string);
}

function conditionsHold(
  condition: PolicyStatement['Condition'],
  request: AuthorizationRequest,
  options: EvaluationOptions,
): boolean {
  if (!condition) return true;
  // Every operator block and every key within it must hold (AND); values within a key are OR.
  return Object.entries(condition).every(([operator, keys]) => {
    if (!keys || typeof keys !== 'object')
      throw new UnsupportedPolicyError(`Malformed condition ${operator}`);
    return Object.entries(keys).every(([key, value]) =>
      conditionHolds(operator, key, asList(value), request, options),
    );
  });
}

function statementsOf(policy: NamedPolicy): PolicyStatement[] {
  const { Statement } = policy.document;
  return Array.isArray(Statement) ? Statement : [Statement];
}

const problems = new WeakMap<PolicyStatement, string | undefined>();

/** What is wrong with a statement for this evaluator, or undefined when it can be evaluated (kept per statement). */
function statementProblem(statement: PolicyStatement): string | undefined {
  if (problems.has(statement)) return problems.get(statement);
  const problem = findProblem(statement);
  problems.set(statement, problem);
  return problem;
}

function findProblem(statement: PolicyStatement): string | undefined {
  if (statement.Effect !== 'Allow' && statement.Effect !== 'Deny')
    return `Effect "${String(statement.Effect)}"`;
  if ('Principal' in statement || 'NotPrincipal' in statement)
    return 'a Principal in an identity-based policy';
  if ((statement.Action === undefined) === (statement.NotAction === undefined))
    return 'exactly one of Action and NotAction is required';
  if ((statement.Resource === undefined) === (statement.NotResource === undefined))
    return 'exactly one of Resource and NotResource is required';
  const texts = [
    ...asList(statement.Action),
    ...asList(statement.NotAction),
    ...asList(statement.Resource),
    ...asList(statement.NotResource),
    ...Object.values(statement.Condition ?? {}).flatMap((keys) => Object.values(keys ?? {}).flatMap(asList)),
  ];
  if (texts.some((text) => text.includes('${'))) return 'a policy variable, which is not modelled';
  for (const [operator, keys] of Object.entries(statement.Condition ?? {})) {
    const base = operator.replace(/^(ForAllValues|ForAnyValue):/, '').replace(/IfExists$/, '');
    if (!(base in STRING_OPERATORS) && !(base in NEGATED_OPERATORS) && base !== 'Null')
      return `the condition operator ${operator}`;
    if (base === 'Null' && operator !== 'Null') return `the condition operator ${operator}`;
    if (!keys || typeof keys !== 'object') return `a malformed condition ${operator}`;
  }
  return undefined;
}

/** Every construct of these policies this evaluator cannot evaluate (empty when all can). */
export function policyProblems(policies: readonly NamedPolicy[]): string[] {
  return policies.flatMap((policy) =>
    statementsOf(policy).flatMap((statement, index) => {
      const problem = statementProblem(statement);
      return problem ? [`${policy.name} statement ${statement.Sid ?? index}: ${problem}`] : [];
    }),
  );
}

function applies(
  statement: PolicyStatement,
  request: AuthorizationRequest,
  options: EvaluationOptions,
): boolean {
  const actionMatches = (patterns: string[]) =>
    patterns.some((pattern) => globMatches(pattern, request.action, true));
  const resourceMatches = (patterns: string[]) =>
    patterns.some((pattern) => arnMatches(pattern, request.resource));
  const action =
    statement.Action !== undefined
      ? actionMatches(asList(statement.Action))
      : !actionMatches(asList(statement.NotAction));
  if (!action) return false;
  const resource =
    statement.Resource !== undefined
      ? resourceMatches(asList(statement.Resource))
      : !resourceMatches(asList(statement.NotResource));
  return resource && conditionsHold(statement.Condition, request, options);
}

/**
 * The decision of a role's identity-based policies on one request. Every statement is looked at, so an
 * unsupported construct in any statement that applies throws instead of being skipped.
 */
export function evaluate(
  policies: readonly NamedPolicy[],
  request: AuthorizationRequest,
  options: EvaluationOptions = {},
): Decision {
  let allow: StatementRef | undefined;
  let deny: StatementRef | undefined;
  for (const policy of policies) {
    statementsOf(policy).forEach((statement, index) => {
      const problem = statementProblem(statement);
      if (problem)
        throw new UnsupportedPolicyError(`${policy.name} statement ${statement.Sid ?? index}: ${problem}`);
      if (!applies(statement, request, options)) return;
      const ref: StatementRef = {
        policy: policy.name,
        index,
        ...(statement.Sid ? { sid: statement.Sid } : {}),
      };
      if (statement.Effect === 'Deny') deny ??= ref;
      else allow ??= ref;
    });
  }
  if (deny) return { allowed: false, reason: 'explicit-deny', statement: deny };
  if (allow) return { allowed: true, statement: allow };
  return { allowed: false, reason: 'no-allow' };
}
