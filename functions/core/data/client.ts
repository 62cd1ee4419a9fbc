import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchWriteCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { type Entity, Service } from 'electrodb';
import { TABLE_DESIGN } from '../../../shared/data/table-design.ts';
import { traced } from '../observability.ts';
import { prepareIfProvisioned } from '../provisioned-environment.ts';
import { isGiven, settings } from '../settings.ts';
import { AUDIT_ITEMS, type AuditScope, auditScopes, TRANSACTION_ITEMS_MAX } from './audit-scope.ts';

const WRITES = [PutCommand, UpdateCommand, DeleteCommand, BatchWriteCommand, TransactWriteCommand];

/**
 * The document client of the one table, which also carries an admin call's audit record (audit-scope.ts):
 * the first transaction the call writes takes the record (its entry and its month's chain head) as two
 * more puts, so the record and the change are one all-or-nothing write whichever repository built the
 * transaction; a transaction without room for them under DynamoDB's 100 items is left as it is (the
 * pipeline then writes the record after it). When the transaction is cancelled only because another
 * entry took the record's place in the chain, it is sent again with the record chained anew.
 */
class AuditedDocumentClient extends DynamoDBDocumentClient {
  constructor(client: DynamoDBClient) {
    super(client, { marshallOptions: { removeUndefinedValues: true } });
  }

  // biome-ignore lint/suspicious/noExplicitAny: the SDK's overloaded send, passed through unchanged
  override send(command: any, ...rest: any[]): any {
    const scope = auditScopes.getStore();
    if (!scope) return (super.send as (...args: unknown[]) => unknown)(command, ...rest);
    const items: unknown[] | undefined =
      command instanceof TransactWriteCommand ? command.input.TransactItems : undefined;
    const carries = Boolean(items && !scope.written && items.length <= TRANSACTION_ITEMS_MAX - AUDIT_ITEMS);
    const send = () => (super.send as (...args: unknown[]) => Promise<unknown>)(command, ...rest);
    const sent = carries && items ? sendCarrying(items, scope, send) : send();
    return sent.then((result) => {
      if (WRITES.some((kind) => command instanceof kind)) scope.wrote = true;
      if (carries) scope.written = true;
      return result;
    });
  }
}

/** Sends a transaction with the audit record chained to its month's current head, again while another took its place. */
async function sendCarrying(
  items: unknown[],
  scope: AuditScope,
  send: () => Promise<unknown>,
): Promise<unknown> {
  const from = items.length;
  for (let attempt = 0; ; attempt += 1) {
    items.splice(from, items.length - from, ...(await scope.puts()));
    try {
      return await send();
    } catch (error) {
      if (!(await scope.chainTaken(error, from, attempt))) throw error;
    }
  }
}

let documentClient: DynamoDBDocumentClient | undefined;

/**
 * One document client per container. Endpoint and credentials are the SDK's own: on one machine
 * AWS_ENDPOINT_URL_DYNAMODB points it at DynamoDB Local (or the permission check in front of it) and the
 * credentials are the function's, as Lambda gives them.
 */
export function dynamo(): DynamoDBDocumentClient {
  if (!documentClient) {
    const client = traced(new DynamoDBClient({ region: settings.region }));
    documentClient = new AuditedDocumentClient(client);
  }
  return documentClient;
}

// An environment kept initialised by provisioned concurrency opens its connection to the table now, on no
// call's path, with a read of no item.
if (isGiven('TABLE_NAME'))
  await prepareIfProvisioned('table connection', () =>
    dynamo().send(
      new GetCommand({
        TableName: settings.tableName,
        Key: { [TABLE_DESIGN.partitionKey]: 'PRIME', [TABLE_DESIGN.sortKey]: 'PRIME' },
      }),
    ),
  );

// biome-ignore lint/suspicious/noExplicitAny: ElectroDB's own bound on the entities a service joins.
type EntityGetters = Record<string, () => Entity<any, any, any, any>>;

/** The entities a service of these getters joins, by the same names. */
export type EntitiesOf<G extends EntityGetters> = { [Name in keyof G]: ReturnType<G[Name]> };

/**
 * The ElectroDB service of the given entities on the one table, made on first use. Each repository
 * joins only the entities it reads and writes (a transaction's service, those it spans), so that a
 * function bundles only the entities its routes use; and since constructing an entity validates its
 * model, the entities are handed over as getters (`lazyEntity`) and made with the service, so that a
 * module initialisation builds none (`npm run bench`). The entities are the same objects in every service.
 */
export function tableService<G extends EntityGetters>(getters: G): () => Service<EntitiesOf<G>> {
  let service: Service<EntitiesOf<G>> | undefined;
  return () => {
    if (!service) {
      const entities = Object.fromEntries(
        Object.entries(getters).map(([name, entity]) => [name, entity()]),
      ) as EntitiesOf<G>;
      service = new Service(entities, { table: settings.tableName, client: dynamo() });
    }
    return service;
  };
}
