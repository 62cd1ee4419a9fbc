import {
  CopyObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NotFound,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { traced } from '../observability.ts';
import { isGiven, requiredEnvironment, settings } from '../settings.ts';

/**
 * Object storage (S3): the feedback files and the customers' cloud projects. On one machine
 * the SDK's AWS_ENDPOINT_URL_S3 points at the local stand-in (scripts/local/stand-ins/s3.ts), which speaks
 * the subset of the S3 REST API used here, so this same code runs against it (path-style, as any custom
 * endpoint is addressed).
 */
let client: S3Client | undefined;

function s3(): S3Client {
  client ??= traced(
    new S3Client({
      region: settings.region,
      // A custom endpoint (a stand-in, the deploy check's emulator) is addressed path-style: a bucket's host
      // name under it resolves nowhere. On AWS there is none, and buckets are virtual-hosted.
      forcePathStyle: isGiven('AWS_ENDPOINT_URL_S3'),
    }),
  );
  return client;
}

export const feedbackBucket = () => requiredEnvironment('FEEDBACK_BUCKET');
export const cloudProjectBucket = () => requiredEnvironment('CLOUD_PROJECT_BUCKET');
/** The locked copy of the records (shared/archive/record-archive.ts): S3 Object Lock keeps what is written. */
export const recordArchiveBucket = () => requiredEnvironment('RECORD_ARCHIVE_BUCKET');

export interface StoredObject {
  key: string;
  lastModified: number;
  size: number;
}

function isMissing(error: unknown): boolean {
  return (
    error instanceof NotFound ||
    (error instanceof S3ServiceException &&
      (error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey'))
  );
}

/** The object's date and size, or undefined when there is no such object. */
export async function headObject(bucket: string, key: string): Promise<StoredObject | undefined> {
  try {
    const head = await s3().send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    return { key, lastModified: head.LastModified?.getTime() ?? 0, size: head.ContentLength ?? 0 };
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

/** A signed GET link to an object, valid `expiresInSeconds`. */
export function signedDownloadLink(bucket: string, key: string, expiresInSeconds = 3600): Promise<string> {
  return getSignedUrl(s3(), new GetObjectCommand({ Bucket: bucket, Key: key }), {
    expiresIn: expiresInSeconds,
  });
}

/** The text of an object, or undefined when there is none. */
export async function readObjectText(bucket: string, key: string): Promise<string | undefined> {
  try {
    const answer = await s3().send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    return await answer.Body?.transformToString('utf-8');
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

/** Every object under a prefix (all pages). */
export async function listObjects(bucket: string, prefix: string): Promise<StoredObject[]> {
  const objects: StoredObject[] = [];
  let token: string | undefined;
  do {
    const page = await s3().send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
    );
    for (const entry of page.Contents ?? [])
      if (entry.Key)
        objects.push({
          key: entry.Key,
          lastModified: entry.LastModified?.getTime() ?? 0,
          size: entry.Size ?? 0,
        });
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return objects;
}

/** Copies one object, server side. */
export async function copyObject(from: { bucket: string; key: string }, to: { bucket: string; key: string }) {
  await s3().send(
    new CopyObjectCommand({
      Bucket: to.bucket,
      Key: to.key,
      CopySource: `${from.bucket}/${from.key.split('/').map(encodeURIComponent).join('/')}`,
    }),
  );
}

/**
 * Writes an object. The SDK sends the body's checksum (CRC32), which a bucket with Object Lock requires of
 * every write; a locked bucket keeps the version written before, whatever is written after it.
 */
export async function putObject(bucket: string, key: string, body: string, contentType: string) {
  await s3().send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType }));
}
