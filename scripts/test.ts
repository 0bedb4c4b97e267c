/**
 * `npm test`: lint, type-check and the SPA's build side by side, then every vitest project — unit, machines, server
 * (PGlite, and PostgreSQL too when DATABASE_URL is set), views — and finally the browser tests against that build.
 * Stops at the first failure.
 *
 * The first three are single-threaded tools that do not depend on each other: run together they take the time of the
 * longest (the type check) instead of the sum. Their output is printed whole as each finishes, not interleaved.
 */
import { spawn, spawnSync } from 'node:child_process';
import { SPA_BUILD } from './startPlatform';

interface Step {
  name: string;
  cmd: string[];
  env?: Record<string, string>;
}

const e2e = process.env.SKIP_E2E !== '1';
const together: Step[] = [
  { name: 'lint', cmd: ['npm', 'run', '--silent', 'lint'] },
  { name: 'typecheck', cmd: ['npx', 'tsc', '--noEmit', '-p', 'tsconfig.json'] },
];
// The browser tests' build (tests/e2e/globalSetup.ts builds it when E2E_SKIP_BUILD is not set).
if (e2e) together.push({ name: 'build (for the browser tests)', ...SPA_BUILD });

const inTurn: Step[] = [
  {
    name: 'unit, machines, server (PGlite), views',
    cmd: ['npx', 'vitest', 'run', '--project', 'unit', '--project', 'machines', '--project', 'server', '--project', 'views'],
    env: { TEST_DB: 'pglite' },
  },
];
if (process.env.DATABASE_URL) {
  inTurn.push({ name: 'server (PostgreSQL)', cmd: ['npx', 'vitest', 'run', '--project', 'server'], env: { TEST_DB: 'postgres' } });
} else {
  console.log('DATABASE_URL is not set: the PostgreSQL pass of the server tests is skipped (.ci/run sets it).');
}
if (e2e) inTurn.push({ name: 'browser (e2e)', cmd: ['npx', 'vitest', 'run', '--project', 'e2e'], env: { E2E_SKIP_BUILD: '1' } });

const seconds = (started: number) => ((Date.now() - started) / 1000).toFixed(1);

function fail(step: Step, started: number, status: number | null): never {
  console.error(`✖ ${step.name} failed after ${seconds(started)}s`);
  process.exit(status || 1);
}

/** Runs `step` with its output collected; resolves with its exit status and output. */
function collect(step: Step): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(step.cmd[0], step.cmd.slice(1), { env: { ...process.env, ...step.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    child.on('error', (err) => resolve({ status: 1, output: `${output}${err.message}\n` }));
    child.on('close', (status) => resolve({ status, output }));
  });
}

const startedAll = Date.now();
console.log(`\n▶ ${together.map((s) => s.name).join(', ')} (side by side)`);
const results = await Promise.all(
  together.map(async (step) => {
    const started = Date.now();
    const result = await collect(step);
    if (result.output.trim()) console.log(`\n── ${step.name} ──\n${result.output.trimEnd()}`);
    if (result.status === 0) console.log(`✔ ${step.name} (${seconds(started)}s)`);
    return { step, started, ...result };
  }),
);
for (const r of results) if (r.status !== 0) fail(r.step, r.started, r.status);

for (const step of inTurn) {
  console.log(`\n▶ ${step.name}`);
  const started = Date.now();
  const res = spawnSync(step.cmd[0], step.cmd.slice(1), { stdio: 'inherit', env: { ...process.env, ...step.env } });
  if (res.status !== 0) fail(step, started, res.status);
  console.log(`✔ ${step.name} (${seconds(started)}s)`);
}
console.log(`\nnpm test passed in ${seconds(startedAll)}s`);
