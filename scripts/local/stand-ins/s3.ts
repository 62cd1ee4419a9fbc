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
import { CLOUD_PROJECT_MANIFEST, CLOUD_PROJECT_PREFIX } from '../../../shared/feedback/feedback-search.ts';
import type { StandIn, StandInContext } from '../stand-in-context.ts';

/**
 * Amazon S3 on one machine: a folder per bucket. It speaks the subset of the S3 REST API (path-style)
 * that the object-storage adapter uses (HeadObject, GetObject, PutObject, CopyObject, ListObjectsV2),
 * so functions/core/adapters/object-storage.ts runs unchanged; signed links work in a browser (the
 * signature is not checked here). Objects survive a restart beside the database; an in-memory run
 * keeps them in a temporary folder removed on stop. A sample feedback file and a sample cloud project
 * are seeded so the console's feedback screens have something to find.
 */
export const LOCAL_BUCKETS = {
  feedback: 'cutloom-feedback-files',
  cloudProjects: 'cutloom-cloud-projects',
} as const;
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

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const method = (req.method ?? 'GET').toUpperCase();
    const [bucket = '', ...rest] = url.pathname.slice(1).split('/');
    const key = rest.map(decodeURIComponent).join('/');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);

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

  return {
    env: {
      AWS_ENDPOINT_URL_S3: endpoint,
      FEEDBACK_BUCKET: LOCAL_BUCKETS.feedback,
      CLOUD_PROJECT_BUCKET: LOCAL_BUCKETS.cloudProjects,
    },
    adopt(deployed) {
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
