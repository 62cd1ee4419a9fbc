import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

export default defineConfig({
  root: webRoot,
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: join(webRoot, 'src/routes'),
      generatedRouteTree: join(webRoot, 'src/routeTree.gen.ts'),
    }),
    react(),
    notFoundShell(),
  ],
  define: { __APP_VERSION__: JSON.stringify(version) },
  build: { outDir: join(webRoot, 'dist'), emptyOutDir: true, target: 'es2022' },
});
