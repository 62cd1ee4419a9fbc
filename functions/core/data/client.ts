import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { type Entity, Service } from 'electrodb';
import { traced } from '../observability.ts';
import { settings } from '../settings.ts';

let documentClient: DynamoDBDocumentClient | undefined;

/** One document client per container, pointed at DynamoDB Local when DYNAMODB_ENDPOINT is set. */
export function dynamo(): DynamoDBDocumentClient {
  if (!documentClient) {
    const endpoint = settings.dynamoEndpoint;
    const client = traced(
      new DynamoDBClient({
        region: settings.region,
        ...(endpoint
          ? { endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts: 3 }
          : {}),
      }),
    );
    documentClient = DynamoDBDocumentClient.from(client, {
      marshallOptions: { removeUndefinedValues: true },
    });
  }
  return documentClient;
}

// biome-ignore lint/suspicious/noExplicitAny: ElectroDB's own bound on the entities a service joins.
type Entities = Record<string, Entity<any, any, any, any>>;

/**
 * The ElectroDB service of the given entities on the one table, made on first use. Each repository
 * joins only the entities it reads and writes (a transaction's service, those it spans), so that a
 * function bundles and builds only the entities its routes use: an ElectroDB entity validates its model
 * when its module loads, and one service of every entity made each function's cold start several times
 * the bare client's (`npm run bench`). The entities are the same objects in every service.
 */
export function tableService<E extends Entities>(entities: E): () => Service<E> {
  let service: Service<E> | undefined;
  return () => {
    service ??= new Service(entities, { table: settings.tableName, client: dynamo() });
    return service;
  };
}
