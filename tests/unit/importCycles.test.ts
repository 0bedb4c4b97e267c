import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cycles, importGraph } from '../../scripts/importCycles';

/** A throwaway repository with `files` (path → source) under src/, machines/ and server/. */
function repo(files: Record<string, string>) {
  const root = mkdtempSync(join(tmpdir(), 'cycles-'));
  for (const dir of ['src', 'machines', 'server']) mkdirSync(join(root, dir), { recursive: true });
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  roots.push(root);
  return root;
}
const roots: string[] = [];
afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));
const names = (root: string) => cycles(importGraph(root)).map((c) => c.map((f) => f.slice(root.length + 1)).sort());

describe('npm run lint: import cycles', () => {
  it('finds a cycle made of type-only imports, which ESLint’s no-cycle lets through', () => {
    const root = repo({
      'src/a.ts': "import type { B } from './b';\nexport type A = { b: B };\n",
      'src/b.ts': "import type { A } from './a';\nexport type B = { a?: A };\n",
      'src/c.ts': "import type { A } from './a';\nexport const c = 1;\n",
    });
    expect(names(root)).toEqual([['src/a.ts', 'src/b.ts']]);
  });

  it('follows re-exports and imports across the program’s folders, and leaves dynamic import() out', () => {
    const root = repo({
      'server/x.ts': "export { y } from '../machines/y';\n",
      'machines/y.ts': "import { x } from '../server/x';\nexport const y = x;\n",
      'src/lazy.ts': "export const load = () => import('./page');\n",
      'src/page.ts': "import { load } from './lazy';\nexport const page = load;\n",
    });
    expect(names(root)).toEqual([['machines/y.ts', 'server/x.ts']]);
  });

  it('finds none in Clutch itself', () => {
    expect(cycles(importGraph())).toEqual([]);
  });
});
