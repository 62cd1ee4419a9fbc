import { expect, type Page, test } from '@playwright/test';
import { startIsolatedRuntime } from '../test/integration/isolated-runtime.ts';

/**
 * Two `npm start` on one machine, each with its own PORT and the development server (`--web=dev`, as
 * `npm start` runs): each page's hot-reload client must open its socket to its own runtime. When the
 * socket had a fixed port of its own, the second runtime could not listen on it and its page reached
 * the first runtime's socket, which refused it (Vite checks its own token): "WebSocket closed without
 * opened" in the console and no hot reload. Every port a runtime opens follows from PORT
 * (docs/local-runtime.md, "Ports").
 */
// Two runtimes started one after the other (DynamoDB Local, Vite), each up to two minutes at load 20.
test.setTimeout(420_000);

/**
 * Opens the page and waits until Vite's client says it is connected or that it failed; answers the URL
 * of the socket the page opened and what the page logged about it.
 */
async function hotReloadSocket(page: Page, url: string) {
  const logged: string[] = [];
  const sockets: string[] = [];
  page.on('console', (message) => logged.push(message.text()));
  page.on('pageerror', (error) => logged.push(error.message));
  page.on('websocket', (socket) => sockets.push(socket.url()));
  // Vite's client is the page's first script and connects before the app's modules are compiled and
  // loaded, which the page's load event would wait for.
  await page.goto(`${url}/en`, { waitUntil: 'commit' });
  await expect
    .poll(() => logged.some((line) => /\[vite\] (connected|failed)|WebSocket/.test(line)), {
      timeout: 120_000,
    })
    .toBe(true);
  return { sockets, logged: logged.filter((line) => /\[vite\]|WebSocket/.test(line)) };
}

test('two runtimes with different PORTs each connect their page to their own hot-reload socket', async ({
  browser,
}) => {
  const runtimes = [await startIsolatedRuntime({ web: 'dev', startSeconds: 150 })];
  const pages: Page[] = [];
  try {
    runtimes.push(await startIsolatedRuntime({ web: 'dev', startSeconds: 150 }));
    pages.push(...(await Promise.all(runtimes.map(() => browser.newPage()))));
    const sockets = await Promise.all(
      runtimes.map((runtime, index) => hotReloadSocket(pages[index] as Page, runtime.url)),
    );
    for (const [index, runtime] of runtimes.entries()) {
      const { sockets: opened, logged } = sockets[index] as Awaited<ReturnType<typeof hotReloadSocket>>;
      expect(logged, runtime.url).toContain('[vite] connected.');
      expect(
        logged.filter((line) => /failed|closed|lost/.test(line)),
        runtime.url,
      ).toEqual([]);
      // Every socket it opened (a reload after Vite's first pre-bundling opens another) is its own.
      expect([...new Set(opened.map((socket) => new URL(socket).port))], runtime.url).toEqual([
        new URL(runtime.url).port,
      ]);
    }
  } finally {
    await Promise.all(pages.map((page) => page.close()));
    await Promise.all(runtimes.map((runtime) => runtime.stop()));
  }
});
