import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * A versioned S3 bucket with Object Lock in compliance mode and a default retention, as the S3 stand-in
 * (scripts/local/stand-ins/s3.ts) serves the locked copy. What S3 does, and so what this does
 * (https://docs.aws.amazon.com/AmazonS3/latest/userguide/object-lock.html):
 * - every write makes a new version, locked until its retain-until date (the bucket's default retention
 *   from the moment of writing); the version it hides stays, locked;
 * - a write must carry Content-MD5 or an x-amz-checksum-* header ("Content-MD5 OR x-amz-checksum- HTTP
 *   header is required for Put Object requests with Object Lock parameters", 400 InvalidRequest);
 * - a delete without a version id adds a delete marker (allowed: nothing is lost); a delete of a locked
 *   version is refused (403 AccessDenied), and in compliance mode no header bypasses it;
 * - a retention can be lengthened but not shortened in compliance mode (403 AccessDenied).
 * Versions are kept as an append-only log, replayed at start: kept beside the database, or in memory.
 */
export interface ObjectVersion {
  key: string;
  versionId: string;
  lastModified: number;
  /** Absent for a delete marker. */
  body?: string;
  contentType?: string;
  retainUntil?: number;
  deleteMarker?: true;
}

export class ObjectLockRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const CHECKSUM_REQUIRED =
  'Content-MD5 OR x-amz-checksum- HTTP header is required for Put Object requests with Object Lock parameters';

export class ObjectLockStore {
  private readonly versions = new Map<string, ObjectVersion[]>();

  constructor(
    private readonly retentionDays: number,
    private readonly logFile: string | undefined,
    private readonly now: () => number = Date.now,
  ) {
    if (logFile && existsSync(logFile))
      for (const line of readFileSync(logFile, 'utf8').split('\n'))
        if (line.trim()) this.apply(JSON.parse(line) as ObjectVersion | { retention: ObjectVersion });
  }

  private apply(entry: ObjectVersion | { retention: ObjectVersion }): void {
    if ('retention' in entry) {
      const found = this.version(entry.retention.key, entry.retention.versionId);
      if (found) found.retainUntil = entry.retention.retainUntil;
      return;
    }
    this.versions.set(entry.key, [...(this.versions.get(entry.key) ?? []), entry]);
  }

  private record(entry: ObjectVersion | { retention: ObjectVersion }): void {
    this.apply(entry);
    if (!this.logFile) return;
    mkdirSync(dirname(this.logFile), { recursive: true });
    appendFileSync(this.logFile, `${JSON.stringify(entry)}\n`);
  }

  private version(key: string, versionId: string): ObjectVersion | undefined {
    return this.versions.get(key)?.find((version) => version.versionId === versionId);
  }

  private newVersionId(): string {
    return `${this.now().toString(36)}.${randomBytes(8).toString('hex')}`;
  }

  /** Writes a new version (the headers are the request's: a checksum is required). */
  put(key: string, body: string, contentType: string, headers: Record<string, unknown>): ObjectVersion {
    const checksummed =
      'content-md5' in headers || Object.keys(headers).some((name) => name.startsWith('x-amz-checksum-'));
    if (!checksummed) throw new ObjectLockRefusal(400, 'InvalidRequest', CHECKSUM_REQUIRED);
    const lastModified = this.now();
    const version: ObjectVersion = {
      key,
      versionId: this.newVersionId(),
      lastModified,
      body,
      contentType,
      retainUntil: lastModified + this.retentionDays * 86_400_000,
    };
    this.record(version);
    return version;
  }

  /** The current version (undefined when there is none or it is a delete marker), or the named one. */
  get(key: string, versionId?: string): ObjectVersion | undefined {
    const found = versionId ? this.version(key, versionId) : this.versions.get(key)?.at(-1);
    return found?.deleteMarker ? undefined : found;
  }

  /** A delete: a marker without a version id; a version's removal only once its retention has passed. */
  delete(key: string, versionId?: string): ObjectVersion {
    if (!versionId) {
      const marker: ObjectVersion = {
        key,
        versionId: this.newVersionId(),
        lastModified: this.now(),
        deleteMarker: true,
      };
      this.record(marker);
      return marker;
    }
    const found = this.version(key, versionId);
    if (!found) throw new ObjectLockRefusal(404, 'NoSuchVersion', 'The specified version does not exist.');
    if (!found.deleteMarker && (found.retainUntil ?? 0) > this.now())
      throw new ObjectLockRefusal(
        403,
        'AccessDenied',
        'Access Denied because object protected by object lock.',
      );
    throw new ObjectLockRefusal(
      501,
      'NotImplemented',
      'Removing an expired version is not served here (retention outlasts any local run).',
    );
  }

  /** A new retain-until date: longer only (compliance mode). */
  setRetention(key: string, versionId: string | undefined, retainUntil: number): void {
    const found = versionId ? this.version(key, versionId) : this.get(key);
    if (!found) throw new ObjectLockRefusal(404, 'NoSuchKey', 'The specified key does not exist.');
    if (retainUntil < (found.retainUntil ?? 0))
      throw new ObjectLockRefusal(403, 'AccessDenied', 'Access Denied');
    this.record({ retention: { ...found, retainUntil } });
  }

  /** The current objects (no delete marker on top), by key. */
  current(prefix = ''): ObjectVersion[] {
    return [...this.versions.keys()]
      .filter((key) => key.startsWith(prefix))
      .sort()
      .flatMap((key) => {
        const found = this.get(key);
        return found ? [found] : [];
      });
  }

  /** Every version and delete marker under a prefix, by key then newest first (ListObjectVersions). */
  allVersions(prefix = ''): ObjectVersion[] {
    return [...this.versions.keys()]
      .filter((key) => key.startsWith(prefix))
      .sort()
      .flatMap((key) => [...(this.versions.get(key) ?? [])].reverse());
  }
}
