import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tanstackRouter, tanstackRouterGenerator } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin, type PluginOption, type UserConfig } from 'vite';
import { CONSOLE_SHELL } from '../shared/site/site-pages.ts';
import { prerender } from './prerender.ts';

const webRoot = import.meta.dirname;
const { version } = JSON.parse(readFileSync(join(webRoot, '../package.json'), 'utf8')) as { version: string };

/**
 * CloudFront answers unknown paths with `/404.html` and status 404 (infra/web): the same app shell,
 * so the SPA shows its not-found page while crawlers see a real 404.
 */
function notFoundShell(): Plugin {
  return {
    name: 'cutloom-not-found-shell',
    apply: 'build',
    closeBundle() {
      const dist = join(webRoot, 'dist');
      if (existsSync(join(dist, 'index.html')))
        copyFileSync(join(dist, 'index.html'), join(dist, '404.html'));
    },
  };
}

/**
 * After the site's client build: an SSR build of src/entry-server.tsx, then the marketing pages
 * rendered to HTML per language (prerender.ts), sitemap.xml and robots.txt; then the console.
 */
function prerenderPages(): Plugin {
  let ssr = false;
  return {
    name: 'cutloom-prerender',
    apply: 'build',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (ssr) return;
      const ssrDir = join(webRoot, '.ssr');
      await build({
        configFile: join(webRoot, 'vite.config.ts'),
        logLevel: 'warn',
        build: {
          ssr: join(webRoot, 'src/entry-server.tsx'),
          outDir: ssrDir,
          emptyOutDir: true,
          manifest: false,
        },
      });
      const pages = await prerender({ webRoot, distDir: join(webRoot, 'dist'), ssrDir });
      this.info?.(`pre-rendered ${pages} pages`);
      // Then the console's own shell (admin.html) and chunks, into the same folder. In this hook, not
      // a plugin of its own: closeBundle hooks run in parallel, and the two builds share generated files.
      await build({ configFile: false, ...appConfig('console'), logLevel: 'warn' });
    },
  };
}

/**
 * The console's shell: the site's index.html, titled for the console and kept out of search engines,
 * written as admin.html beside the site's (CloudFront and the local runtime serve it for `/admin/*`).
 */
function consoleShell(): Plugin {
  return {
    name: 'cutloom-console-shell',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: (html) =>
      html.replace(
        /<title>[^<]*<\/title>/,
        '<meta name="robots" content="noindex" />\n    <title>Cutloom Console</title>',
      ),
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const shell = bundle['index.html'];
        if (shell?.type !== 'asset') throw new Error('The console build made no index.html');
        delete bundle['index.html'];
        this.emitFile({ type: 'asset', fileName: CONSOLE_SHELL.slice(1), source: shell.source });
      },
    },
  };
}

/**
 * Which app a build makes. The routes live in one folder and one generated tree (src/routeTree.gen.ts,
 * which the types and the development server use), but the site and the console are built as two
 * apps with two route trees: the site's leaves out `admin/`, so customers never download even the
 * console's route definitions and guards; the console's leaves out the language pages. Each app's
 * tree is generated into web/.routes and replaces routeTree.gen.ts in that build only.
 */
type App = 'dev' | 'site' | 'console';
const ROUTE_TREES = { site: '.routes/site.gen.js', console: '.routes/console.gen.js' } as const;
const IGNORED_ROUTES = { site: '^admin$', console: '^(\\$lang|oauth-redirect\\.tsx)$' } as const;
const ROUTE_TREE = join(webRoot, 'src/routeTree.gen.ts');

function routerPlugins(app: App): PluginOption[] {
  const routesDirectory = join(webRoot, 'src/routes');
  const splitting = {
    autoCodeSplitting: true,
    // Loaders too (the plugin splits only components by default): a page's loader pulls its API calls,
    // schemas and date library, which would otherwise ride in the entry chunk every page of the app loads.
    codeSplittingOptions: {
      defaultBehavior: [['loader'], ['component'], ['errorComponent'], ['notFoundComponent']],
    },
  } as const;
  if (app === 'dev')
    return [
      tanstackRouter({ target: 'react', routesDirectory, generatedRouteTree: ROUTE_TREE, ...splitting }),
    ];
  const appTree = join(webRoot, ROUTE_TREES[app]);
  return [
    // The whole tree stays current for the types.
    tanstackRouterGenerator({ target: 'react', routesDirectory, generatedRouteTree: ROUTE_TREE }),
    tanstackRouter({
      target: 'react',
      routesDirectory,
      generatedRouteTree: appTree,
      routeFileIgnorePattern: IGNORED_ROUTES[app],
      disableTypes: true,
      ...splitting,
    }),
    {
      name: 'cutloom-app-route-tree',
      enforce: 'pre',
      async resolveId(source, importer) {
        if (!source.endsWith('routeTree.gen.ts') || !importer) return null;
        const resolved = await this.resolve(source, importer, { skipSelf: true });
        return resolved?.id === ROUTE_TREE ? appTree : null;
      },
    },
  ];
}

/** The Vite configuration of one app; `vite build` makes the site, which then builds the console. */
function appConfig(app: App): UserConfig {
  return {
    root: webRoot,
    plugins: [
      ...routerPlugins(app),
      react(),
      ...(app === 'site' ? [notFoundShell(), prerenderPages()] : []),
      ...(app === 'console' ? [consoleShell()] : []),
    ],
    define: { __APP_VERSION__: JSON.stringify(version), __WEB_APP__: JSON.stringify(app) },
    build: {
      outDir: join(webRoot, 'dist'),
      // The console is built second, into the site's folder.
      emptyOutDir: app !== 'console',
      target: 'es2022',
      // Illustrations stay files (cached, lazily loaded), never inlined into the JavaScript.
      assetsInlineLimit: 0,
      // The site preloads no modules: pre-rendered pages paint from their HTML and CSS, and the list of
      // every lazy chunk's dependencies would cost the landing over 2 KB gzip of its 150 KB budget.
      // A route's chunks are still fetched on intent (hover, touch) before a navigation needs them.
      // The console, an app for staff at desks, lets a page's chunks fetch their dependencies in parallel.
      modulePreload:
        app === 'site'
          ? false
          : {
              polyfill: false,
              resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? [] : deps),
            },
    },
  };
}

export default defineConfig(({ command }) => appConfig(command === 'build' ? 'site' : 'dev'));
