import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
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
