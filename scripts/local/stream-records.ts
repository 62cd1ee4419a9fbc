import type { _Record as StreamRecord } from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBRecord } from 'aws-lambda';

/**
 * DynamoDB Streams records as Lambda's event source mapping hands them to a function, and the mapping's
 * filters (https://docs.aws.amazon.com/lambda/latest/dg/with-ddb.html, "Event filtering"): shared by the
 * table's stream stand-in (scripts/local/stand-ins/table-stream.ts) and the deploy check, which delivers
 * the emulator's stream to the locked copy's consumer the same way.
 */
type Pattern = unknown;

/** Whether a value matches one rule of Lambda's filter syntax (the forms the product's filters use). */
function matchesRule(value: unknown, rule: unknown): boolean {
  if (typeof rule === 'string' || typeof rule === 'number') return value === rule;
  if (rule && typeof rule === 'object') {
    const { prefix, exists } = rule as { prefix?: string; exists?: boolean };
    if (prefix !== undefined) return typeof value === 'string' && value.startsWith(prefix);
    if (exists !== undefined) return (value !== undefined) === exists;
  }
  return false;
}

export function matchesFilter(event: unknown, pattern: Pattern): boolean {
  if (Array.isArray(pattern)) return pattern.some((rule) => matchesRule(event, rule));
  if (!pattern || typeof pattern !== 'object') return false;
  return Object.entries(pattern).every(([name, inner]) =>
    matchesFilter((event as Record<string, unknown> | undefined)?.[name], inner),
  );
}

/** A record of the Streams API as Lambda hands it to the function. */
export function lambdaRecord(record: StreamRecord, streamArn: string, region: string): DynamoDBRecord {
  const change = record.dynamodb ?? {};
  const created = change.ApproximateCreationDateTime;
  return {
    eventID: record.eventID as string,
    eventName: record.eventName as DynamoDBRecord['eventName'],
    eventVersion: '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: region,
    eventSourceARN: streamArn,
    dynamodb: {
      ...(created ? { ApproximateCreationDateTime: Math.floor(new Date(created).getTime() / 1000) } : {}),
      Keys: change.Keys as never,
      ...(change.NewImage ? { NewImage: change.NewImage as never } : {}),
      ...(change.OldImage ? { OldImage: change.OldImage as never } : {}),
      SequenceNumber: change.SequenceNumber as string,
      SizeBytes: change.SizeBytes as number,
      StreamViewType: change.StreamViewType as never,
    },
  };
}
