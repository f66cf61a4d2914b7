import { SOCKET_CLOSE } from '@counterpart/contracts';
import { SOCKET_HEARTBEAT_MS, SOCKET_MAX_RECONNECTS } from '@counterpart/domain';
import { reconnectDelay } from './reconnect-delay.ts';

export const TOO_MANY_RECONNECTS = 'Too many attempts to reconnect to websocket server';

/** What the client needs of a WebSocket (the browser's, or a fake in tests). */
export interface SocketLike {
  onopen: (() => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: (() => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface RealtimeSocketOptions {
  /**
   * The address to open, token included; `freshToken` asks for a newly refreshed token (after the
   * server closed with 'Token expired'). null (or a failure) when none can be made now: retried later.
   */
  address: (freshToken: boolean) => Promise<string | null>;
  /** Every text frame but 'pong'. */
  onMessage: (text: string) => void;
  /** Each time the socket opens, first time and reconnections alike. */
  onOpen: () => void;
  /** After `maxAttempts` reconnect attempts failed in a row; the client has stopped. */
  onGiveUp: () => void;
  createSocket?: (url: string) => SocketLike;
  heartbeatMs?: number;
  maxAttempts?: number;
  delay?: (attempt: number) => number;
  now?: () => number;
}

export interface RealtimeSocket {
  start(): void;
  stop(): void;
}

/** Silence longer than this many heartbeats means the connection is dead even if no close came. */
const SILENT_HEARTBEATS = 3;

/**
 * The real-time socket (spec §7): sends 'ping' every 10 s, reconnects with capped exponential backoff
 * and jitter, gives up after 2000 failed attempts in a row, and asks for a fresh token after 4001.
 */
export function createRealtimeSocket(options: RealtimeSocketOptions): RealtimeSocket {
  const {
    address,
    onMessage,
    onOpen,
    onGiveUp,
    // The browser's handlers receive Event objects; the client reads only what SocketLike lists.
    createSocket = (url: string) => new WebSocket(url) as unknown as SocketLike,
    heartbeatMs = SOCKET_HEARTBEAT_MS,
    maxAttempts = SOCKET_MAX_RECONNECTS,
    delay = reconnectDelay,
    now = Date.now,
  } = options;
  let running = false;
  /** Bumped by start and stop, so a connection begun before a restart of the client goes no further. */
  let generation = 0;
  let socket: SocketLike | null = null;
  let attempts = 0;
  let freshToken = false;
  let lastHeard = 0;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;

  function release(): void {
    clearInterval(heartbeat);
    heartbeat = undefined;
    if (!socket) return;
    const current = socket;
    socket = null;
    current.onopen = current.onmessage = current.onclose = current.onerror = null;
    current.close();
  }

  function reconnectLater(): void {
    release();
    if (!running) return;
    if (attempts >= maxAttempts) {
      running = false;
      onGiveUp();
      return;
    }
    attempts++;
    retry = setTimeout(() => void connect(), delay(attempts));
  }

  function beat(): void {
    if (now() - lastHeard > heartbeatMs * SILENT_HEARTBEATS) {
      reconnectLater();
      return;
    }
    socket?.send('ping');
  }

  async function connect(): Promise<void> {
    retry = undefined;
    const started = generation;
    const url = await address(freshToken).catch(() => null);
    if (!running || started !== generation || socket) return;
    if (!url) {
      reconnectLater();
      return;
    }
    let opened: SocketLike;
    try {
      opened = createSocket(url);
    } catch {
      reconnectLater();
      return;
    }
    socket = opened;
    opened.onopen = () => {
      attempts = 0;
      freshToken = false;
      lastHeard = now();
      clearInterval(heartbeat);
      heartbeat = setInterval(beat, heartbeatMs);
      onOpen();
    };
    opened.onmessage = (event) => {
      lastHeard = now();
      const text = typeof event.data === 'string' ? event.data : '';
      if (text && text !== 'pong') onMessage(text);
    };
    opened.onclose = (event) => {
      socket = null;
      clearInterval(heartbeat);
      if (!running) return;
      if (event.code === SOCKET_CLOSE.tokenExpired) {
        // An expired token is routine: come back at once with a fresh one.
        freshToken = true;
        void connect();
        return;
      }
      if (event.code === SOCKET_CLOSE.policyViolation) freshToken = true;
      reconnectLater();
    };
  }

  return {
    start() {
      if (running) return;
      running = true;
      generation++;
      attempts = 0;
      void connect();
    },
    stop() {
      running = false;
      generation++;
      clearTimeout(retry);
      retry = undefined;
      release();
    },
  };
}
