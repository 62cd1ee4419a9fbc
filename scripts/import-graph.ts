import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * The repository's import graph, file by file, for the tests that hold its boundaries
 * (scripts/import-graph.test.ts, functions/core/data/data-layer.test.ts). Paths are relative to the
 * repository's root; a package import stays its name. Type-only imports count: a cycle through
 * types is still two modules that cannot be understood apart.
 */
export const ROOT = resolve(import.meta.dirname, '..');

/** The TypeScript sources under `folder`, tests left out unless asked for. */
export function sources(folder: string, withTests = false): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts') && !file.endsWith('.gen.ts'))
    .filter((file) => withTests || !/\.test\.tsx?$/.test(file))
    .filter((file) => !file.split('/').includes('node_modules'))
    .map((file) => join(folder, file));
}

/** A file's imports; `lazy` false leaves out dynamic `import()`s. */
export function importsOf(file: string, lazy = true): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const pattern = lazy ? /(?:\bfrom|^import|\bimport\()\s*'([^']+)'/gm : /(?:\bfrom|^import)\s*'([^']+)'/gm;
  return [...text.matchAll(pattern)].map(([, target = '']) =>
    target.startsWith('.') ? relative(ROOT, resolve(ROOT, dirname(file), target)) : target,
  );
}

/** The import cycles among `files` (each a strongly connected group of two or more files). */
export function importCycles(files: readonly string[]): string[][] {
  const known = new Set(files);
  const edges = new Map(files.map((file) => [file, importsOf(file).filter((target) => known.has(target))]));
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  // Tarjan's strongly connected components.
  const visit = (file: string) => {
    order.set(file, order.size);
    low.set(file, order.get(file) as number);
    stack.push(file);
    onStack.add(file);
    for (const next of edges.get(file) ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file) as number, order.get(next) as number));
      }
    }
    if (low.get(file) !== order.get(file)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1) cycles.push(group.sort());
  };
  for (const file of files) if (!order.has(file)) visit(file);
  return cycles;
}
