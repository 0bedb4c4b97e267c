/**
 * Part of `npm run lint`: refuses import cycles among the program's modules (src, machines, server), type-only imports
 * included — ESLint's import-x/no-cycle skips `import type`, and a cycle of types still ties two modules together.
 * Dynamic `import()` is left out: a chunk loaded on demand may lead back to its loader.
 * Prints each cycle (its modules in import order) and exits 1 when there is one.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

const ROOTS = ['src', 'machines', 'server'];
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];
// Static imports and re-exports (`import x from`, `import type x from`, `import './x'`, `export … from`).
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?['"](\.{1,2}\/[^'"]+)['"]/gm;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'migrations' ? [] : sources(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function resolve(from: string, specifier: string, known: Set<string>): string | null {
  const base = normalize(join(dirname(from), specifier));
  for (const ext of EXTENSIONS) if (known.has(base + ext)) return base + ext;
  return null;
}

export function importGraph(root = process.cwd()): Map<string, string[]> {
  const files = ROOTS.flatMap((r) => sources(join(root, r)));
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const targets = new Set<string>();
    for (const match of text.matchAll(STATIC_IMPORT)) {
      const target = resolve(file, match[1], known);
      if (target) targets.add(target);
    }
    graph.set(file, [...targets]);
  }
  return graph;
}

/** The strongly connected components of more than one module (or a module importing itself): Tarjan's algorithm. */
export function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    order.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!order.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, order.get(w)!));
    }
    if (low.get(v) === order.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component.reverse());
    }
  };
  for (const v of graph.keys()) if (!order.has(v)) visit(v);
  return found;
}

if (process.argv[1] && import.meta.url.endsWith(relative(process.cwd(), process.argv[1]).replace(/\\/g, '/'))) {
  const found = cycles(importGraph());
  for (const component of found) console.error(`Import cycle among: ${component.map((f) => relative(process.cwd(), f)).join(', ')}`);
  if (found.length > 0) {
    console.error(`${found.length} import cycle(s), type-only imports included: break them (move the shared type to its own module).`);
    process.exit(1);
  }
  console.log('No import cycles (type-only imports included).');
}
