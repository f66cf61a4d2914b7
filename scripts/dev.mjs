// `npm run dev`: the server (watch mode) on 127.0.0.1:8081 and the Vite dev server on
// http://localhost:8080, which proxies /api, /realms, /ws and /app-config.json to the server,
// so the browser sees one origin, as in production.
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '8081';
const children = [
  spawn('npm', ['--workspace', '@counterpart/server', 'run', 'dev'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: apiPort,
      HOST: '127.0.0.1',
      PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:8080',
    },
  }),
  spawn('npm', ['--workspace', '@counterpart/web', 'run', 'dev'], {
    stdio: 'inherit',
    env: { ...process.env, COUNTERPART_API: `http://127.0.0.1:${apiPort}` },
  }),
];

const stop = (code) => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(code);
};
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
