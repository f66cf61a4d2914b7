#!/usr/bin/env node
/**
 * The Dockerfile's steps without Docker (there is no Docker engine on the build machine): reads the
 * Dockerfile and, in a temporary folder,
 * 1. build stage: COPYs from the build context (the repository's files that git does not ignore,
 *    minus .dockerignore's top-level entries) and runs each RUN line with sh, as `docker build` would;
 * 2. runtime stage: assembles the image's /app from the `COPY --from=build` lines (its RUN lines
 *    need root and apt: they are printed, not run), takes its ENV;
 * 3. starts the image's CMD from that tree on a free port, runs the HEALTHCHECK command until it
 *    passes, checks the web app is served, and stops it.
 *
 *   node scripts/build-image-steps.mjs            # keeps nothing; KEEP=1 keeps the folder
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const repo = path.resolve(import.meta.dirname, '..');
const work = mkdtempSync(path.join(tmpdir(), 'counterpart-image-'));
const build = path.join(work, 'build');
const runtime = path.join(work, 'runtime');
const started = Date.now();
const say = (message) => console.log(`[${((Date.now() - started) / 1000).toFixed(0)} s] ${message}`);

/** Dockerfile instructions, continuation lines joined, comments dropped, per stage name. */
function readStages() {
  const text = readFileSync(path.join(repo, 'Dockerfile'), 'utf8').replace(/\\\n\s*/g, ' ');
  const stages = {};
  let current = null;
  for (const line of text.split('\n').map((l) => l.trim())) {
    if (line === '' || line.startsWith('#')) continue;
    const [instruction, ...rest] = line.split(/\s+/);
    const args = rest.join(' ');
    if (instruction === 'FROM') {
      current = args.split(/\s+AS\s+/i)[1];
      stages[current] = [];
    } else if (current) stages[current].push({ instruction, args });
  }
  return stages;
}

/** The build context: files git tracks or would track, minus .dockerignore's plain top-level names. */
function copyContext(target) {
  const ignored = readFileSync(path.join(repo, '.dockerignore'), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#') && !l.includes('*'));
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], {
    cwd: repo,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((f) => f && existsSync(path.join(repo, f)))
    .filter((f) => !ignored.some((entry) => f === entry || f.startsWith(`${entry}/`)));
  for (const file of files) {
    mkdirSync(path.dirname(path.join(target, file)), { recursive: true });
    cpSync(path.join(repo, file), path.join(target, file));
  }
  return files.length;
}

function copyInstruction(args, from, to) {
  const parts = args.split(/\s+/).filter((p) => !p.startsWith('--'));
  const dest = parts.pop();
  for (const source of parts) {
    const src = path.join(from, source.replace(/^\/app\/?/, ''));
    const destPath = path.join(to, dest);
    const target = dest.endsWith('/') ? path.join(destPath, path.basename(src)) : destPath;
    mkdirSync(path.dirname(target), { recursive: true });
    cpSync(src, target, { recursive: true, verbatimSymlinks: true });
  }
}

const freePort = () =>
  new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

const stages = readStages();
const context = path.join(work, 'context');
say(`build context: ${copyContext(context)} files in ${context}`);
mkdirSync(build);
for (const { instruction, args } of stages.build) {
  if (instruction === 'COPY') copyInstruction(args, context, build);
  else if (instruction === 'RUN') {
    say(`RUN ${args}`);
    const result = spawnSync('sh', ['-c', args], { cwd: build, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`RUN failed (exit ${result.status}): ${args}`);
  }
}

mkdirSync(runtime);
const env = { ...process.env };
let healthcheck = null;
let command = null;
for (const { instruction, args } of stages.runtime) {
  if (instruction === 'COPY') copyInstruction(args, build, runtime);
  else if (instruction === 'RUN') say(`(not run here: needs root) RUN ${args}`);
  else if (instruction === 'ENV') {
    for (const [, key, value] of args.matchAll(/(\w+)=(\S+)/g)) env[key] = value;
  } else if (instruction === 'HEALTHCHECK') healthcheck = JSON.parse(args.slice(args.indexOf('CMD') + 3));
  else if (instruction === 'CMD') command = JSON.parse(args);
}
const port = await freePort();
Object.assign(env, {
  PORT: String(port),
  DATA_DIR: path.join(work, 'data'),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
});
delete env.INIT_CWD;
delete env.DATABASE_URL;
say(`runtime tree ready (${runtime}); starting ${command.join(' ')} on port ${port}`);
const server = spawn(command[0], command.slice(1), { cwd: runtime, env, stdio: 'inherit' });
let healthy = false;
for (let attempt = 0; attempt < 120 && !healthy && server.exitCode === null; attempt += 1) {
  await new Promise((resolve) => setTimeout(resolve, 1000));
  healthy = spawnSync(healthcheck[0], healthcheck.slice(1), { cwd: runtime, env }).status === 0;
}
// As a browser asks for it (the server answers index.html to requests that accept HTML).
const page = healthy
  ? await fetch(`http://127.0.0.1:${port}/`, { headers: { accept: 'text/html' } }).then(
      async (r) => `${r.status} ${await r.text()}`,
    )
  : '';
server.kill('SIGTERM');
const servesWeb = page.includes('<div id="root">');
say(
  `HEALTHCHECK ${healthy ? 'passed' : 'FAILED'}; web app ${servesWeb ? 'served' : `NOT served: ${page.slice(0, 200)}`}`,
);
if (process.env.KEEP) say(`kept ${work}`);
else rmSync(work, { recursive: true, force: true });
process.exit(healthy && servesWeb ? 0 : 1);
