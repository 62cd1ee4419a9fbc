import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin } from 'vite';
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
 * After the client build: an SSR build of src/entry-server.tsx, then the marketing pages rendered to
 * HTML per language (prerender.ts), sitemap.xml and robots.txt.
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
    },
  };
}

export default defineConfig({
  root: webRoot,
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Loaders too (the plugin splits only components by default): a console page's loader pulls its API
      // calls, schemas and date library, which would otherwise ride in the entry chunk every site page loads.
      codeSplittingOptions: {
        defaultBehavior: [['loader'], ['component'], ['errorComponent'], ['notFoundComponent']],
      },
      routesDirectory: join(webRoot, 'src/routes'),
      generatedRouteTree: join(webRoot, 'src/routeTree.gen.ts'),
    }),
    react(),
    notFoundShell(),
    prerenderPages(),
  ],
  define: { __APP_VERSION__: JSON.stringify(version) },
  build: {
    outDir: join(webRoot, 'dist'),
    emptyOutDir: true,
    target: 'es2022',
    // Illustrations stay files (cached, lazily loaded), never inlined into the JavaScript.
    assetsInlineLimit: 0,
    // No module preloads in the HTML: pre-rendered pages paint from their HTML and CSS, and preloads
    // would compete with them for a phone's bandwidth. Chunks loaded later still fetch their own
    // dependencies in parallel.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? [] : deps),
    },
  },
});
