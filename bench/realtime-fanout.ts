/**
 * Realtime fan-out: one server process (API, socket hub, job queue, PGlite in memory) holding
 * SOCKETS authenticated sockets of one organization (default 5000, one user's tabs, each with a
 * verified token and live membership), while a job reports a burst of BURST progress messages that
 * go to every socket. The clients run in a separate process (`--clients`, forked) so the server
 * keeps its event loop to itself. Prints JSON: connect time, p50/p99/max delivery latency (each
 * message carries its send time), deliveries per second, and server memory per socket.
 *
 *   node --expose-gc --import tsx bench/realtime-fanout.ts
 *   SOCKETS=10000 BURST=20 node --expose-gc --import tsx bench/realtime-fanout.ts
 *   INTERVAL_MS=50 ...   # a pause between the burst's messages (default 0: back to back)
 *
 * Each socket is a file descriptor on both sides: `ulimit -n` must exceed SOCKETS (+ ~100) for
 * both processes (raise it with `ulimit -n 65536` as root, or LimitNOFILE= under systemd).
 * Without --expose-gc the memory figures include garbage not yet collected.
 */
import { fork } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import type { JobDefinition, JobQueue } from '../apps/server/src/jobs/job-types.ts';
import { startTestServer } from '../apps/server/test/test-server.ts';
import { accessTokenFor, organizationIds } from '../apps/server/test/tokens.ts';

const SOCKETS = Number(process.env.SOCKETS ?? 5000);
const BURST = Number(process.env.BURST ?? 10);
const INTERVAL_MS = Number(process.env.INTERVAL_MS ?? 0);
const now = () => performance.timeOrigin + performance.now();

interface Ready {
  type: 'ready';
  connected: number;
  connectMs: number;
}
interface Report {
  type: 'report';
  received: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number };
  firstSentAt: number;
  lastReceivedAt: number;
}

if (process.argv.includes('--clients')) await runClients();
else await runServer();

async function runServer() {
  let jobs: JobQueue | undefined;
  const burst: JobDefinition<{ count: number; intervalMs: number }> = {
    name: 'bench_burst',
    source: 'workflow',
    async run({ data, progress }) {
      for (let i = 0; i < data.count; i += 1) {
        if (data.intervalMs > 0) await sleep(data.intervalMs);
        await progress(i % 99, `t=${now()}`);
      }
      return { message: 'Burst sent' };
    },
  };
  const server = await startTestServer(
    {},
    {
      workers: true,
      defineJobs(queue) {
        jobs = queue;
        queue.define(burst);
      },
    },
  );
  if (!jobs) throw new Error('defineJobs was not called');
  const organizationId = (await organizationIds(server))['Demo Company'] ?? '';
  const userId = (
    await server.database.query<{ id: string }>('select id from users where email = $1', ['admin@demo.test'])
  ).rows[0]?.id;
  if (!userId) throw new Error('No demo admin');
  const token = await accessTokenFor(server, 'admin@demo.test', { expiresIn: '1h' });

  const before = settledMemory();
  const child = fork(import.meta.filename, ['--clients'], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_URL: server.url, BENCH_ORG: organizationId, BENCH_TOKEN: token },
  });
  const messages = (async function* () {
    for (;;) yield await new Promise<Ready | Report>((resolve) => child.once('message', resolve as never));
  })();
  const ready = (await messages.next()).value as Ready;
  const after = settledMemory();

  await jobs.enqueue('bench_burst', { count: BURST, intervalMs: INTERVAL_MS }, { organizationId, userId });
  const report = (await messages.next()).value as Report;
  const seconds = (report.lastReceivedAt - report.firstSentAt) / 1000;
  console.log(
    JSON.stringify(
      {
        sockets: ready.connected,
        burst_messages: BURST,
        interval_ms: INTERVAL_MS,
        database: server.database.kind,
        connect_all_ms: Math.round(ready.connectMs),
        delivered: report.received,
        expected: ready.connected * BURST,
        latency_ms: report.latencyMs,
        deliveries_per_s: Math.round(report.received / seconds),
        burst_delivered_in_ms: Math.round(seconds * 1000),
        server_memory_per_socket_kb: {
          rss: round((after.rss - before.rss) / ready.connected / 1024),
          heap_used: round((after.heapUsed - before.heapUsed) / ready.connected / 1024),
        },
      },
      null,
      2,
    ),
  );
  child.kill();
  await server.close();
  process.exit(0);
}

async function runClients() {
  const url = `${process.env.BENCH_URL?.replace(/^http/, 'ws')}/ws/notifications/?organization_id=${
    process.env.BENCH_ORG
  }&token=${process.env.BENCH_TOKEN}`;
  const send = (message: Ready | Report) => process.send?.(message);
  const latencies = new Float64Array(SOCKETS * BURST);
  let received = 0;
  let firstSentAt = Number.POSITIVE_INFINITY;
  let lastReceivedAt = 0;
  let done: () => void = () => {};
  const finished = new Promise<void>((resolve) => {
    done = resolve;
  });

  const onMessage = (text: string) => {
    const at = text.indexOf('"t=');
    if (at < 0 || !text.includes('"running"')) return;
    const sentAt = Number.parseFloat(text.slice(at + 3));
    const receivedAt = now();
    latencies[received] = receivedAt - sentAt;
    received += 1;
    if (sentAt < firstSentAt) firstSentAt = sentAt;
    lastReceivedAt = receivedAt;
    if (received === latencies.length) done();
  };

  // Connect in waves; a socket counts once the server answered its 'ping' (it is subscribed then).
  const started = now();
  const sockets: WebSocket[] = [];
  const WAVE = 200;
  for (let first = 0; first < SOCKETS; first += WAVE) {
    const wave = Array.from({ length: Math.min(WAVE, SOCKETS - first) }, () => connect(url, onMessage));
    sockets.push(...(await Promise.all(wave)));
  }
  send({ type: 'ready', connected: sockets.length, connectMs: now() - started });

  await Promise.race([finished, sleep(120_000)]);
  const sorted = latencies.slice(0, received).sort();
  const at = (q: number) => round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
  send({
    type: 'report',
    received,
    latencyMs: { p50: at(0.5), p90: at(0.9), p99: at(0.99), max: round(sorted.at(-1) ?? 0) },
    firstSentAt,
    lastReceivedAt,
  });
  for (const socket of sockets) socket.terminate();
}

function connect(url: string, onMessage: (text: string) => void): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.once('error', reject);
    socket.once('close', (code, reason) => reject(new Error(`closed ${code} ${reason}`)));
    socket.once('open', () => socket.send('ping'));
    socket.on('message', (data) => {
      const text = data.toString();
      if (text === 'pong') resolve(socket);
      else onMessage(text);
    });
  });
}

function settledMemory() {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  gc?.();
  return process.memoryUsage();
}

function round(value: number) {
  return Math.round(value * 100) / 100;
}
