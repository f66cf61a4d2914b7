import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRealtimeSocket, type RealtimeSocketOptions, type SocketLike } from './realtime-socket.ts';

class FakeSocket implements SocketLike {
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  sent: string[] = [];
  closed = false;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
  }
  open() {
    this.onopen?.();
  }
  receive(data: string) {
    this.onmessage?.({ data });
  }
  drop(code = 1006, reason = '') {
    this.onclose?.({ code, reason });
  }
}

let sockets: FakeSocket[];

function client(overrides: Partial<RealtimeSocketOptions> = {}) {
  const events = { messages: [] as string[], opens: 0, gaveUp: 0, fresh: [] as boolean[] };
  let n = 0;
  const socket = createRealtimeSocket({
    address: async (freshToken) => {
      events.fresh.push(freshToken);
      n++;
      return `ws://test/ws/notifications/?organization_id=o&token=t${n}`;
    },
    onMessage: (text) => events.messages.push(text),
    onOpen: () => events.opens++,
    onGiveUp: () => events.gaveUp++,
    createSocket: (url) => {
      const fake = new FakeSocket(url);
      sockets.push(fake);
      return fake;
    },
    delay: (attempt) => attempt * 100,
    now: () => Date.now(),
    ...overrides,
  });
  return { socket, events };
}

function last(): FakeSocket {
  const socket = sockets.at(-1);
  if (!socket) throw new Error('no socket opened');
  return socket;
}

beforeEach(() => {
  sockets = [];
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('createRealtimeSocket', () => {
  it('sends ping every 10 s while open and passes on every frame but pong', async () => {
    const { socket, events } = client();
    socket.start();
    await vi.advanceTimersByTimeAsync(0);
    last().open();
    expect(events.opens).toBe(1);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(last().sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(last().sent).toEqual(['ping']);
    last().receive('pong');
    last().receive('{"id":"1","source":"workflow","info":{}}');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(last().sent).toEqual(['ping', 'ping']);
    expect(events.messages).toEqual(['{"id":"1","source":"workflow","info":{}}']);
    socket.stop();
  });

  it('reconnects with the backoff delays after a drop and tells each open', async () => {
    const { socket, events } = client();
    socket.start();
    await vi.advanceTimersByTimeAsync(0);
    last().open();
    last().drop();
    await vi.advanceTimersByTimeAsync(99);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);
    last().drop();
    await vi.advanceTimersByTimeAsync(199);
    expect(sockets).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(3);
    last().open();
    expect(events.opens).toBe(2);
    // A successful open starts the count again.
    last().drop();
    await vi.advanceTimersByTimeAsync(100);
    expect(sockets).toHaveLength(4);
    socket.stop();
  });

  it('gives up after the last allowed attempt fails, once', async () => {
    const { socket, events } = client({ maxAttempts: 3, delay: () => 10 });
    socket.start();
    await vi.advanceTimersByTimeAsync(0);
    for (let i = 0; i < 3; i++) {
      last().drop();
      await vi.advanceTimersByTimeAsync(10);
    }
    expect(sockets).toHaveLength(4);
    expect(events.gaveUp).toBe(0);
    last().drop();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(events.gaveUp).toBe(1);
    expect(sockets).toHaveLength(4);
  });

  it('counts an address that cannot be made (signed out for a moment) as a failed attempt', async () => {
    let calls = 0;
    const { socket } = client({
      address: async () => (++calls < 3 ? null : 'ws://test/ws'),
      delay: () => 50,
    });
    socket.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(100);
    expect(sockets).toHaveLength(1);
    socket.stop();
  });

  it('after 4001 comes back at once with a fresh token', async () => {
    const { socket, events } = client();
    socket.start();
    await vi.advanceTimersByTimeAsync(0);
    last().open();
    last().drop(4001, 'Token expired');
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets).toHaveLength(2);
    expect(events.fresh).toEqual([false, true]);
    last().open();
    last().drop();
    await vi.advanceTimersByTimeAsync(100);
    expect(events.fresh).toEqual([false, true, false]);
    socket.stop();
  });

  it('closes and reconnects a connection that went silent', async () => {
    const { socket } = client();
    socket.start();
    await vi.advanceTimersByTimeAsync(0);
    const first = last();
    first.open();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(first.closed).toBe(false);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(first.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(100);
    expect(sockets).toHaveLength(2);
    socket.stop();
  });

  it('stop closes the socket and nothing reconnects', async () => {
    const { socket } = client();
    socket.start();
    await vi.advanceTimersByTimeAsync(0);
    last().open();
    socket.stop();
    expect(last().closed).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(1);
    expect(last().sent).toEqual([]);
  });
});
