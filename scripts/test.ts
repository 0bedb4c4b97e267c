/**
 * `npm test`: lint, type-check, then every vitest project — unit, machines, server (PGlite, and PostgreSQL too when
 * DATABASE_URL is set), views — and finally the browser tests against a built app. Stops at the first failure.
 */
import { spawnSync } from 'node:child_process';

const steps: { name: string; cmd: string[]; env?: Record<string, string> }[] = [
  { name: 'lint', cmd: ['npm', 'run', '--silent', 'lint'] },
  { name: 'typecheck', cmd: ['npx', 'tsc', '--noEmit', '-p', 'tsconfig.json'] },
  {
    name: 'unit, machines, server (PGlite), views',
    cmd: ['npx', 'vitest', 'run', '--project', 'unit', '--project', 'machines', '--project', 'server', '--project', 'views'],
    env: { TEST_DB: 'pglite' },
  },
];
if (process.env.DATABASE_URL) {
  steps.push({
    name: 'server (PostgreSQL)',
    cmd: ['npx', 'vitest', 'run', '--project', 'server'],
    env: { TEST_DB: 'postgres' },
  });
} else {
  console.log('DATABASE_URL is not set: the PostgreSQL pass of the server tests is skipped (.ci/run sets it).');
}
if (process.env.SKIP_E2E !== '1') {
  steps.push({ name: 'browser (e2e)', cmd: ['npx', 'vitest', 'run', '--project', 'e2e'] });
}

for (const step of steps) {
  console.log(`\n▶ ${step.name}`);
  const started = Date.now();
  const res = spawnSync(step.cmd[0], step.cmd.slice(1), { stdio: 'inherit', env: { ...process.env, ...step.env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (res.status !== 0) {
    console.error(`✖ ${step.name} failed after ${seconds}s`);
    process.exit(res.status ?? 1);
  }
  console.log(`✔ ${step.name} (${seconds}s)`);
}
