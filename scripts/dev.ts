/**
 * `npm run dev`: the API server in watch mode (restarts on change) and Vite with HMR, which proxies /v1 to it.
 * Open http://localhost:5173 (VITE_PORT). Ctrl+C stops both.
 */
import { spawn, type ChildProcess } from 'node:child_process';

const apiPort = process.env.PORT ?? '8080';
const children: ChildProcess[] = [
  spawn(process.execPath, ['--watch', '--import', 'tsx', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, STATIC_DIR: 'no-static-in-dev' },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: { ...process.env, API_PROXY_TARGET: `http://127.0.0.1:${apiPort}` } }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && code !== 0 && stop());
