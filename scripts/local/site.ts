import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { Server as HttpServer, IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { parseAcceptLanguage, pickSiteLanguage } from '../../shared/languages.ts';
import { CONTENT_SECURITY_POLICY, serializePolicy, withSources } from '../../shared/site/security-headers.ts';
import { CONSOLE_SHELL, classifySitePath, prerenderedFile } from '../../shared/site/site-pages.ts';

/**
 * Serves the SPA the way CloudFront does in production (infra/web): `/` redirects to the visitor's
 * language home, site pages and console paths get the app shell with 200, files are files, and any
 * other path gets the app shell with 404 so the SPA shows its not-found page and crawlers see a 404.
 * A pre-rendered page (dist mode) is served from its own HTML file, as CloudFront does. The security
 * headers of shared/site/security-headers.ts come with every answer (set by the runtime).
 * `dev` runs Vite in middleware mode (hot reload); `dist` serves the production build.
 */
export type WebMode = 'dev' | 'dist' | 'none';

const root = resolve(import.meta.dirname, '../..');
const webRoot = join(root, 'web');
const distRoot = join(webRoot, 'dist');

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.mp4': 'video/mp4',
};

export interface Site {
  serve(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void>;
  close(): Promise<void>;
}

type ViteDevServer = {
  middlewares: (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;
  transformIndexHtml(url: string, html: string): Promise<string>;
  close(): Promise<void>;
};

/**
 * The policy of a page the development server serves: production's, plus the inline React Refresh
 * preamble that server writes into the page (admitted by hash, as production admits its one inline
 * script). Its hot-reload socket is on the page's own origin (see createSite), which production's
 * `connect-src 'self'` already admits: CSP Level 3 lets 'self' match ws: on an http: page's host and
 * port (https://www.w3.org/TR/CSP3/#match-url-to-source-expression, w3c/webappsec-csp#7; Chromium 71
 * and later). `--web=dist` serves production's policy alone.
 */
function developmentPolicy(html: string): string {
  const inlineScripts = [...html.matchAll(/<script\b[^>]*>([^<]+)<\/script>/g)].map(
    ([, body]) =>
      `'sha256-${createHash('sha256')
        .update(body ?? '')
        .digest('base64')}'`,
  );
  return serializePolicy(withSources(CONTENT_SECURITY_POLICY, { 'script-src': inlineScripts }));
}

function isFileRequest(pathname: string): boolean {
  const last = pathname.split('/').pop() ?? '';
  return last.includes('.');
}

const COMPRESSIBLE = /^(text\/|application\/(json|xml|manifest\+json)|image\/svg\+xml)/;

/** Sends a body, gzipped when the client accepts it, as CloudFront compresses the site. */
function send(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: Buffer,
): void {
  const gzip =
    /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) &&
    COMPRESSIBLE.test(headers['content-type'] ?? '');
  res.writeHead(status, gzip ? { ...headers, 'content-encoding': 'gzip', vary: 'Accept-Encoding' } : headers);
  res.end(gzip ? gzipSync(body) : body);
}

function unavailable(res: ServerResponse, why: string): void {
  res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
  res.end(why);
}

/**
 * `server` is the runtime's own HTTP server: in `dev` mode Vite's hot-reload socket takes its upgrade
 * requests (`server.ws.server`), so the page's client connects to the port the page came from and the
 * runtime opens no port but PORT for the site (Vite's own socket port, 24678 for every runtime, made a
 * second `npm start` on one machine fail to connect).
 */
export async function createSite(mode: WebMode, server: HttpServer): Promise<Site> {
  if (mode === 'none') {
    return {
      serve: async (_req, res) =>
        unavailable(res, 'This runtime was started with --web=none: only the API is served.'),
      close: async () => undefined,
    };
  }
  if (mode === 'dev' && !existsSync(join(webRoot, 'vite.config.ts'))) {
    return {
      serve: async (_req, res) => unavailable(res, 'web/vite.config.ts is missing.'),
      close: async () => undefined,
    };
  }

  let vite: ViteDevServer | undefined;
  if (mode === 'dev') {
    const { createServer } = await import('vite');
    vite = (await createServer({
      configFile: join(webRoot, 'vite.config.ts'),
      server: { middlewareMode: true, ws: { server } },
      appType: 'custom',
      logLevel: 'warn',
    })) as unknown as ViteDevServer;
  }

  async function shell(url: URL): Promise<string> {
    if (vite)
      return vite.transformIndexHtml(url.pathname, await readFile(join(webRoot, 'index.html'), 'utf8'));
    const page = classifySitePath(url.pathname) === 'console' ? CONSOLE_SHELL : prerenderedFile(url.pathname);
    const file = page ? join(distRoot, page) : undefined;
    return readFile(file && existsSync(file) ? file : join(distRoot, 'index.html'), 'utf8');
  }

  async function serveDistFile(
    req: IncomingMessage,
    res: ServerResponse,
    pathname: string,
  ): Promise<boolean> {
    const file = normalize(join(distRoot, decodeURIComponent(pathname)));
    if (!file.startsWith(distRoot)) return false;
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) return false;
    const immutable = pathname.startsWith('/assets/');
    send(
      req,
      res,
      200,
      {
        'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
        'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      },
      await readFile(file),
    );
    return true;
  }

  return {
    async serve(req, res, url) {
      if (mode === 'dist' && !existsSync(join(distRoot, 'index.html'))) {
        unavailable(res, 'web/dist is missing: run `npm run build:web` first.');
        return;
      }
      const kind = classifySitePath(url.pathname);
      if (kind === 'language-root-redirect') {
        const lang = pickSiteLanguage(parseAcceptLanguage(req.headers['accept-language']));
        res.writeHead(302, {
          location: `/${lang}${url.search}`,
          'cache-control': 'no-store',
          vary: 'Accept-Language',
        });
        res.end();
        return;
      }
      if (isFileRequest(url.pathname) || (vite && kind === 'not-found' && url.pathname.startsWith('/@'))) {
        if (vite) {
          vite.middlewares(req, res, () => {
            res.writeHead(404, { 'content-type': 'text/plain' });
            res.end('Not found');
          });
          return;
        }
        if (await serveDistFile(req, res, url.pathname)) return;
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('Not found');
        return;
      }
      const status = kind === 'not-found' ? 404 : 200;
      const html = await shell(url);
      send(
        req,
        res,
        status,
        {
          'content-type': 'text/html; charset=utf-8',
          'cache-control': 'no-cache',
          ...(vite ? { 'content-security-policy': developmentPolicy(html) } : {}),
        },
        Buffer.from(html),
      );
    },
    close: async () => {
      await vite?.close();
    },
  };
}
