/**
 * A template's values as the deployment made them: Ref, Fn::GetAtt, Fn::ImportValue, Fn::Join,
 * Fn::Select, Fn::Split and Fn::Sub resolved against what exists, so that a declared property can be
 * compared with what the service answers. What cannot be resolved (an attribute of a resource the
 * emulator did not create) is UNRESOLVED, and a comparison with it is counted as not comparable.
 */
export const UNRESOLVED: unique symbol = Symbol('unresolved');
export type Resolved = unknown;

export interface StackContext {
  stackName: string;
  region: string;
  account: string;
  /** Logical id -> physical id and type, from ListStackResources. */
  physical: ReadonlyMap<string, { physicalId: string; type: string }>;
  /** The stack's parameters (a nested stack's come from its parent). */
  parameters: ReadonlyMap<string, unknown>;
  /** Export name -> value, in the stack's region. */
  exports: ReadonlyMap<string, string>;
  /** The attribute of a resource, looked up at the service; UNRESOLVED when it has no answer. */
  attribute(logicalId: string, type: string, physicalId: string, name: string): Promise<Resolved>;
}

const PSEUDO: Record<string, (context: StackContext) => string> = {
  'AWS::Region': (context) => context.region,
  'AWS::AccountId': (context) => context.account,
  'AWS::Partition': () => 'aws',
  'AWS::URLSuffix': () => 'amazonaws.com',
  'AWS::StackName': (context) => context.stackName,
  'AWS::NoValue': () => '',
};

export function isUnresolved(value: unknown): boolean {
  if (value === UNRESOLVED) return true;
  if (Array.isArray(value)) return value.some(isUnresolved);
  if (value && typeof value === 'object') return Object.values(value).some(isUnresolved);
  return false;
}

export async function resolve(value: unknown, context: StackContext): Promise<Resolved> {
  if (Array.isArray(value)) return Promise.all(value.map((item) => resolve(item, context)));
  if (!value || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>);
  const [key, argument] = entries[0] ?? [];
  if (entries.length === 1 && key === 'Ref') return ref(argument as string, context);
  if (entries.length === 1 && key === 'Fn::GetAtt') {
    const [logicalId, name] = argument as [string, string];
    return getAtt(logicalId, name, context);
  }
  if (entries.length === 1 && key === 'Fn::ImportValue') {
    const name = await resolve(argument, context);
    return typeof name === 'string' ? (context.exports.get(name) ?? UNRESOLVED) : UNRESOLVED;
  }
  if (entries.length === 1 && key === 'Fn::Join') {
    const [separator, parts] = argument as [string, unknown[]];
    const resolved = (await resolve(parts, context)) as unknown[];
    return isUnresolved(resolved) ? UNRESOLVED : resolved.join(separator);
  }
  if (entries.length === 1 && key === 'Fn::Select') {
    const [index, list] = argument as [number | string, unknown];
    const resolved = await resolve(list, context);
    return Array.isArray(resolved) ? (resolved[Number(index)] ?? UNRESOLVED) : UNRESOLVED;
  }
  if (entries.length === 1 && key === 'Fn::Split') {
    const [separator, text] = argument as [string, unknown];
    const resolved = await resolve(text, context);
    return typeof resolved === 'string' ? resolved.split(separator) : UNRESOLVED;
  }
  if (entries.length === 1 && key === 'Fn::Sub') return sub(argument, context);
  if (entries.length === 1 && key?.startsWith('Fn::')) return UNRESOLVED;
  const out: Record<string, unknown> = {};
  for (const [name, item] of entries) out[name] = await resolve(item, context);
  return out;
}

async function ref(name: string, context: StackContext): Promise<Resolved> {
  const pseudo = PSEUDO[name];
  if (pseudo) return pseudo(context);
  if (context.parameters.has(name)) return context.parameters.get(name);
  return context.physical.get(name)?.physicalId ?? UNRESOLVED;
}

async function getAtt(logicalId: string, name: string, context: StackContext): Promise<Resolved> {
  const resource = context.physical.get(logicalId);
  if (!resource) return UNRESOLVED;
  return context.attribute(logicalId, resource.type, resource.physicalId, name);
}

async function sub(argument: unknown, context: StackContext): Promise<Resolved> {
  const [text, variables] = Array.isArray(argument)
    ? (argument as [string, Record<string, unknown>])
    : [argument as string, {}];
  let unresolved = false;
  const names = [...text.matchAll(/\$\{([^!}][^}]*)\}/g)].map((match) => match[1] as string);
  const values = new Map<string, unknown>();
  for (const name of names) {
    const value =
      name in variables
        ? await resolve(variables[name], context)
        : name.includes('.')
          ? await getAtt(name.slice(0, name.indexOf('.')), name.slice(name.indexOf('.') + 1), context)
          : await ref(name, context);
    if (value === UNRESOLVED) unresolved = true;
    values.set(name, value);
  }
  if (unresolved) return UNRESOLVED;
  return text
    .replace(/\$\{([^!}][^}]*)\}/g, (_, name: string) => String(values.get(name)))
    .replace(/\$\{!/g, '${');
}
