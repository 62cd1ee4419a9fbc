import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { ARCHIVE_RETENTION_DAYS } from '../../../shared/archive/record-archive.ts';
import { CLOUD_PROJECT_MANIFEST, CLOUD_PROJECT_PREFIX } from '../../../shared/feedback/feedback-search.ts';
import { ObjectLockRefusal, ObjectLockStore, type ObjectVersion } from '../object-lock-store.ts';
import type { StandIn, StandInContext } from '../stand-in-context.ts';

/**
 * Amazon S3 on one machine: a folder per bucket. It speaks the subset of the S3 REST API (path-style)
 * that the object-storage adapter uses (HeadObject, GetObject, PutObject, CopyObject, ListObjectsV2),
 * so functions/core/adapters/object-storage.ts runs unchanged; signed links work in a browser (the
 * signature is not checked here). Objects survive a restart beside the database; an in-memory run
 * keeps them in a temporary folder removed on stop. A sample feedback file and a sample cloud project
 * are seeded so the console's feedback screens have something to find.
 *
 * The locked copy's bucket is versioned with Object Lock in compliance mode, as in AWS
 * (scripts/local/object-lock-store.ts): PutObject (with its checksum), GetObject and HeadObject of a
 * version, DeleteObject (a delete marker; a locked version refused), GetObjectRetention and
 * PutObjectRetention, ListObjectsV2, ListObjectVersions and GetObjectLockConfiguration;
 * `/_local/record-archive.json` lists it.
 */
export const LOCAL_BUCKETS = {
  feedback: 'cutloom-feedback-files',
  cloudProjects: 'cutloom-cloud-projects',
} as const;
/** The locked copy's bucket (shared/archive/record-archive.ts). */
export const LOCAL_RECORD_ARCHIVE = 'cutloom-record-archive';
export const SAMPLE_FEEDBACK_FILE = 'sample-feedback.log';
export const SAMPLE_CLOUD_PROJECT = 'sample-project';

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char] ?? char,
  );

export async function start(ctx: StandInContext): Promise<StandIn> {
  const root = ctx.stateDir ? join(ctx.stateDir, 's3') : mkdtempSync(join(tmpdir(), 'cutloom-s3-'));
  for (const bucket of Object.values(LOCAL_BUCKETS)) mkdirSync(join(root, bucket), { recursive: true });

  /** A bucket's folder by the name it is asked for: its own, or the deployment's name for it (adopt). */
  const folders = new Map<string, string>(Object.values(LOCAL_BUCKETS).map((bucket) => [bucket, bucket]));
  const fileOf = (bucket: string, key: string): string | undefined => {
    const folder = folders.get(bucket);
    if (!folder) return undefined;
    if (!key || key.split('/').some((part) => part === '..' || part === '.')) return undefined;
    return join(root, folder, ...key.split('/'));
  };
  const put = (bucket: string, key: string, body: Buffer) => {
    const file = fileOf(bucket, key);
    if (!file) throw new Error(`Bad object ${bucket}/${key}`);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, body);
  };
  const seedObject = (bucket: string, key: string, text: string) => {
    const file = fileOf(bucket, key);
    if (file && !existsSync(file)) put(bucket, key, Buffer.from(text));
  };
  seedObject(
    LOCAL_BUCKETS.feedback,
    SAMPLE_FEEDBACK_FILE,
    '2025-02-01 10:00:00 export failed: codec not found\n',
  );
  const project = `${CLOUD_PROJECT_PREFIX}${SAMPLE_CLOUD_PROJECT}/`;
  seedObject(
    LOCAL_BUCKETS.cloudProjects,
    `${project}${CLOUD_PROJECT_MANIFEST}`,
    JSON.stringify({ projectId: SAMPLE_CLOUD_PROJECT, ownerUid: 'demo-customer', title: 'Sample project' }),
  );
  seedObject(
    LOCAL_BUCKETS.cloudProjects,
    `${project}media/intro.srt`,
    '1\n00:00:00,000 --> 00:00:02,000\nHello\n',
  );

  const locked = new ObjectLockStore(
    ARCHIVE_RETENTION_DAYS,
    ctx.stateDir ? join(root, `${LOCAL_RECORD_ARCHIVE}.versions.jsonl`) : undefined,
  );
  /** The locked bucket's names: its own, and the deployment's (adopt). */
  const lockedNames = new Set<string>([LOCAL_RECORD_ARCHIVE]);

  function listKeys(bucket: string): string[] {
    const base = join(root, bucket);
    if (!existsSync(base)) return [];
    return (readdirSync(base, { recursive: true, encoding: 'utf8' }) as string[])
      .filter((path) => statSync(join(base, path)).isFile())
      .map((path) => relative(base, join(base, path)).split(sep).join('/'))
      .sort();
  }

  function xml(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) {
    res.writeHead(status, { 'content-type': 'application/xml', ...headers });
    res.end(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`);
  }
  function error(res: ServerResponse, status: number, code: string, method: string): void {
    if (method === 'HEAD') {
      res.writeHead(status);
      res.end();
    } else {
      xml(res, status, `<Error><Code>${code}</Code><Message>${code}</Message></Error>`);
    }
  }

  const lockHeaders = (version: ObjectVersion) => ({
    'x-amz-version-id': version.versionId,
    'x-amz-object-lock-mode': 'COMPLIANCE',
    'x-amz-object-lock-retain-until-date': new Date(version.retainUntil ?? 0).toISOString(),
  });

  /** A request to the locked bucket (see the module's comment). */
  function handleLocked(
    res: ServerResponse,
    method: string,
    url: URL,
    key: string,
    body: Buffer,
    headers: IncomingMessage['headers'],
  ) {
    const query = url.searchParams;
    const versionId = query.get('versionId') ?? undefined;
    try {
      if (!key && method === 'GET' && query.has('object-lock'))
        return xml(
          res,
          200,
          `<ObjectLockConfiguration><ObjectLockEnabled>Enabled</ObjectLockEnabled><Rule><DefaultRetention><Mode>COMPLIANCE</Mode><Days>${ARCHIVE_RETENTION_DAYS}</Days></DefaultRetention></Rule></ObjectLockConfiguration>`,
        );
      if (!key && method === 'GET' && query.has('versions')) {
        const prefix = query.get('prefix') ?? '';
        const entries = locked
          .allVersions(prefix)
          .map((version, index, all) => {
            const latest = all.findIndex((other) => other.key === version.key) === index;
            const common = `<Key>${escapeXml(version.key)}</Key><VersionId>${version.versionId}</VersionId><IsLatest>${latest}</IsLatest><LastModified>${new Date(version.lastModified).toISOString()}</LastModified>`;
            return version.deleteMarker
              ? `<DeleteMarker>${common}</DeleteMarker>`
              : `<Version>${common}<Size>${Buffer.byteLength(version.body ?? '')}</Size></Version>`;
          })
          .join('');
        return xml(
          res,
          200,
          `<ListVersionsResult><Name>${LOCAL_RECORD_ARCHIVE}</Name><Prefix>${escapeXml(prefix)}</Prefix><IsTruncated>false</IsTruncated>${entries}</ListVersionsResult>`,
        );
      }
      if (!key && method === 'GET' && query.get('list-type') === '2') {
        const prefix = query.get('prefix') ?? '';
        const contents = locked
          .current(prefix)
          .map(
            (version) =>
              `<Contents><Key>${escapeXml(version.key)}</Key><LastModified>${new Date(version.lastModified).toISOString()}</LastModified><Size>${Buffer.byteLength(version.body ?? '')}</Size></Contents>`,
          )
          .join('');
        return xml(
          res,
          200,
          `<ListBucketResult><Name>${LOCAL_RECORD_ARCHIVE}</Name><Prefix>${escapeXml(prefix)}</Prefix><IsTruncated>false</IsTruncated>${contents}</ListBucketResult>`,
        );
      }
      if (!key) return error(res, 405, 'MethodNotAllowed', method);
      if (method === 'PUT' && query.has('retention')) {
        const until = /<RetainUntilDate>([^<]+)<\/RetainUntilDate>/.exec(body.toString('utf8'))?.[1];
        if (!until) return error(res, 400, 'MalformedXML', method);
        locked.setRetention(key, versionId, Date.parse(until));
        res.writeHead(200);
        return void res.end();
      }
      if (method === 'PUT') {
        const version = locked.put(
          key,
          body.toString('utf8'),
          String(headers['content-type'] ?? 'application/octet-stream'),
          headers,
        );
        res.writeHead(200, {
          etag: `"${createHash('md5').update(body).digest('hex')}"`,
          'x-amz-version-id': version.versionId,
        });
        return void res.end();
      }
      if (method === 'DELETE') {
        const removed = locked.delete(key, versionId);
        res.writeHead(204, {
          'x-amz-version-id': removed.versionId,
          ...(removed.deleteMarker ? { 'x-amz-delete-marker': 'true' } : {}),
        });
        return void res.end();
      }
      const version = locked.get(key, versionId);
      if (!version) return error(res, 404, versionId ? 'NoSuchVersion' : 'NoSuchKey', method);
      if (method === 'GET' && query.has('retention'))
        return xml(
          res,
          200,
          `<Retention><Mode>COMPLIANCE</Mode><RetainUntilDate>${new Date(version.retainUntil ?? 0).toISOString()}</RetainUntilDate></Retention>`,
        );
      if (method === 'GET' || method === 'HEAD') {
        const text = Buffer.from(version.body ?? '');
        res.writeHead(200, {
          'content-type': version.contentType ?? 'application/octet-stream',
          'content-length': String(text.length),
          'last-modified': new Date(version.lastModified).toUTCString(),
          etag: `"${createHash('md5').update(text).digest('hex')}"`,
          ...lockHeaders(version),
        });
        return void res.end(method === 'GET' ? text : undefined);
      }
      return error(res, 405, 'MethodNotAllowed', method);
    } catch (failure) {
      if (!(failure instanceof ObjectLockRefusal)) throw failure;
      return xml(
        res,
        failure.status,
        `<Error><Code>${failure.code}</Code><Message>${escapeXml(failure.message)}</Message></Error>`,
      );
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const method = (req.method ?? 'GET').toUpperCase();
    const [bucket = '', ...rest] = url.pathname.slice(1).split('/');
    const key = rest.map(decodeURIComponent).join('/');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (lockedNames.has(bucket))
      return handleLocked(res, method, url, key, Buffer.concat(chunks), req.headers);

    if (method === 'GET' && !key && url.searchParams.get('list-type') === '2') {
      const prefix = url.searchParams.get('prefix') ?? '';
      const max = Number(url.searchParams.get('max-keys') ?? 1000);
      const after = url.searchParams.get('continuation-token') ?? '';
      const keys = listKeys(bucket).filter((k) => k.startsWith(prefix) && k > after);
      const page = keys.slice(0, max);
      const truncated = keys.length > page.length;
      const contents = page
        .map((k) => {
          const stat = statSync(fileOf(bucket, k) as string);
          return `<Contents><Key>${escapeXml(k)}</Key><LastModified>${stat.mtime.toISOString()}</LastModified><Size>${stat.size}</Size></Contents>`;
        })
        .join('');
      return xml(
        res,
        200,
        `<ListBucketResult><Name>${escapeXml(bucket)}</Name><Prefix>${escapeXml(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${max}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${
          truncated ? `<NextContinuationToken>${escapeXml(page.at(-1) ?? '')}</NextContinuationToken>` : ''
        }${contents}</ListBucketResult>`,
      );
    }
    const file = fileOf(bucket, key);
    if (!file) return error(res, 404, 'NoSuchBucket', method);
    if (method === 'PUT') {
      const source = req.headers['x-amz-copy-source'];
      if (typeof source === 'string') {
        const [sourceBucket = '', ...sourceKey] = decodeURIComponent(source.replace(/^\//, '')).split('/');
        const from = fileOf(sourceBucket, sourceKey.join('/'));
        if (!from || !existsSync(from)) return error(res, 404, 'NoSuchKey', method);
        put(bucket, key, readFileSync(from));
        return xml(
          res,
          200,
          `<CopyObjectResult><LastModified>${new Date().toISOString()}</LastModified><ETag>"${createHash('md5').update(readFileSync(from)).digest('hex')}"</ETag></CopyObjectResult>`,
        );
      }
      const body = Buffer.concat(chunks);
      put(bucket, key, body);
      res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` });
      return void res.end();
    }
    if (method === 'GET' || method === 'HEAD') {
      if (!existsSync(file) || !statSync(file).isFile()) return error(res, 404, 'NoSuchKey', method);
      const stat = statSync(file);
      const body = readFileSync(file);
      res.writeHead(200, {
        'content-type': 'application/octet-stream',
        'content-length': String(stat.size),
        'last-modified': stat.mtime.toUTCString(),
        etag: `"${createHash('md5').update(body).digest('hex')}"`,
        'content-disposition': `attachment; filename="${encodeURIComponent(key.split('/').pop() ?? key)}"`,
      });
      return void res.end(method === 'GET' ? body : undefined);
    }
    return error(res, 405, 'MethodNotAllowed', method);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((failure) => {
      console.error(failure);
      if (!res.headersSent) error(res, 500, 'InternalError', req.method ?? 'GET');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  ctx.registerLocalEndpoint('GET', '/_local/record-archive.json', (req, res) => {
    const prefix = new URL(req.url ?? '/', 'http://localhost').searchParams.get('prefix') ?? '';
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    res.end(
      JSON.stringify({
        endpoint,
        bucket: LOCAL_RECORD_ARCHIVE,
        retentionDays: ARCHIVE_RETENTION_DAYS,
        versions: locked.allVersions(prefix).map(({ body, ...version }) => ({
          ...version,
          ...(body ? { record: JSON.parse(body) as unknown } : {}),
        })),
      }),
    );
  });

  return {
    env: {
      AWS_ENDPOINT_URL_S3: endpoint,
      FEEDBACK_BUCKET: LOCAL_BUCKETS.feedback,
      CLOUD_PROJECT_BUCKET: LOCAL_BUCKETS.cloudProjects,
      RECORD_ARCHIVE_BUCKET: LOCAL_RECORD_ARCHIVE,
    },
    adopt(deployed) {
      if (deployed.RECORD_ARCHIVE_BUCKET) lockedNames.add(deployed.RECORD_ARCHIVE_BUCKET);
      if (deployed.FEEDBACK_BUCKET) folders.set(deployed.FEEDBACK_BUCKET, LOCAL_BUCKETS.feedback);
      if (deployed.CLOUD_PROJECT_BUCKET)
        folders.set(deployed.CLOUD_PROJECT_BUCKET, LOCAL_BUCKETS.cloudProjects);
    },
    async stop() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      if (!ctx.stateDir) rmSync(root, { recursive: true, force: true });
    },
  };
}
