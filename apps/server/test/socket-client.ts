import { type RealtimeMessage, realtimeMessageSchema } from '@counterpart/contracts';
import WebSocket from 'ws';

export interface SocketClose {
  code: number;
  reason: string;
}

/** A real WebSocket client of /ws/notifications/ that records what it receives. */
export interface TestSocket {
  ws: WebSocket;
  /** Every JSON message received, in order. */
  messages: RealtimeMessage[];
  /** Every non-JSON text received ('pong'). */
  texts: string[];
  /** Resolves with the first message (already received or to come) that matches. */
  waitFor(match: (message: RealtimeMessage) => boolean, timeoutMs?: number): Promise<RealtimeMessage>;
  waitForText(text: string, timeoutMs?: number): Promise<void>;
  /**
   * Resolves once the server has authenticated the socket and will deliver events to it: the
   * server answers 'ping' only then (events published before that are not for this socket).
   */
  subscribed(): Promise<void>;
  /** Resolves when the server (or the client) closes the socket. */
  closed: Promise<SocketClose>;
  close(): Promise<void>;
}

/** Connects like the browser: `?organization_id=…&token=…`; resolves once open (refusals close right after). */
export function openSocket(
  baseUrl: string,
  organizationId: string | null,
  token: string | null,
): Promise<TestSocket> {
  const query = new URLSearchParams();
  if (organizationId !== null) query.set('organization_id', organizationId);
  if (token !== null) query.set('token', token);
  const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws/notifications/?${query}`);
  const messages: RealtimeMessage[] = [];
  const texts: string[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data) => {
    const text = data.toString();
    try {
      messages.push(realtimeMessageSchema.parse(JSON.parse(text)));
    } catch {
      texts.push(text);
    }
    for (const wake of waiters) wake();
  });
  const closed = new Promise<SocketClose>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );

  const until = <T>(find: () => T | undefined, what: string, timeoutMs: number) =>
    new Promise<T>((resolve, reject) => {
      const check = () => {
        const found = find();
        if (found === undefined) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(found);
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(
          new Error(`Timed out waiting for ${what}; received ${JSON.stringify([...messages, ...texts])}`),
        );
      }, timeoutMs);
      waiters.add(check);
      check();
    });

  const socket: TestSocket = {
    ws,
    messages,
    texts,
    waitFor: (match, timeoutMs = 15_000) => until(() => messages.find(match), 'a message', timeoutMs),
    waitForText: (text, timeoutMs = 5_000) =>
      until(() => (texts.includes(text) ? true : undefined), `"${text}"`, timeoutMs).then(() => {}),
    async subscribed() {
      const pongs = texts.filter((t) => t === 'pong').length;
      ws.send('ping');
      await until(() => (texts.filter((t) => t === 'pong').length > pongs ? true : undefined), 'pong', 5_000);
    },
    closed,
    async close() {
      if (ws.readyState === WebSocket.OPEN || ws.readyState === WebSocket.CONNECTING) ws.close();
      await closed;
    },
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(socket));
    ws.once('error', reject);
  });
}
