import { EventEmitter } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import type { RealtimeEvent } from '../../realtime/realtime-event.ts';
import { CLOSE_TOO_SLOW, createSocketHub, type SocketHub } from './socket-hub.ts';

/** Just what the hub touches of a ws socket, recording what happens to it. */
class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  bufferedAmount = 0;
  sent: string[] = [];
  closedWith: [number, string] | null = null;
  pings = 0;
  terminated = false;
  send(data: Buffer) {
    this.sent.push(data.toString());
  }
  close(code: number, reason: string) {
    this.closedWith = [code, reason];
    this.readyState = 2;
    this.emit('close');
  }
  ping() {
    this.pings += 1;
  }
  terminate() {
    this.terminated = true;
    this.emit('close');
  }
}

const asWs = (socket: FakeSocket) => socket as unknown as WebSocket;
const event = (organizationId: string, userId: string | null, id = 'p1'): RealtimeEvent => ({
  organizationId,
  userId,
  message: { id, source: 'export_document', info: { status: 'running', progress: 50 } },
});

let hub: SocketHub;
afterEach(() => hub?.close());

function join(organizationId: string, userId: string, expiresAt: number | null = null) {
  const socket = new FakeSocket();
  hub.add(asWs(socket), { organizationId, userId, expiresAt, sessionId: null });
  return socket;
}

describe('the socket hub', () => {
  it("sends an organization's events to its sockets only, and personal ones to that user's only", () => {
    hub = createSocketHub();
    const aliceA = join('A', 'alice');
    const bobA = join('A', 'bob');
    const aliceB = join('B', 'alice');
    expect(hub.broadcast(event('A', null))).toBe(2);
    expect(hub.broadcast(event('A', 'alice', 'p2'))).toBe(1);
    expect(aliceA.sent.map((s) => JSON.parse(s).id)).toEqual(['p1', 'p2']);
    expect(bobA.sent.map((s) => JSON.parse(s).id)).toEqual(['p1']);
    expect(aliceB.sent).toEqual([]);
    expect(JSON.parse(aliceA.sent[0] ?? '')).toEqual(event('A', null).message);
  });

  it('forgets a socket once it closes', () => {
    hub = createSocketHub();
    const socket = join('A', 'alice');
    expect(hub.size()).toBe(1);
    socket.close(1000, 'bye');
    expect(hub.size()).toBe(0);
    expect(hub.broadcast(event('A', null))).toBe(0);
  });

  it('closes a socket that cannot keep up instead of buffering for it without bound', () => {
    hub = createSocketHub({ maxBufferedBytes: 1_000 });
    const slow = join('A', 'alice');
    const fast = join('A', 'bob');
    slow.bufferedAmount = 5_000;
    expect(hub.broadcast(event('A', null))).toBe(1);
    expect(slow.closedWith?.[0]).toBe(CLOSE_TOO_SLOW);
    expect(slow.sent).toEqual([]);
    expect(fast.sent).toHaveLength(1);
  });

  it("closes a socket with 4001 'Token expired' when its token expires", async () => {
    hub = createSocketHub();
    const socket = join('A', 'alice', Date.now() + 50);
    expect(socket.closedWith).toBeNull();
    await sleep(120);
    expect(socket.closedWith).toEqual([4001, 'Token expired']);
  });

  it('terminates a socket that stopped answering protocol pings', async () => {
    hub = createSocketHub({ heartbeatMs: 40 });
    const silent = join('A', 'alice');
    const lively = join('A', 'bob');
    lively.ping = () => {
      lively.pings += 1;
      lively.emit('pong');
    };
    await sleep(130);
    expect(silent.pings).toBeGreaterThanOrEqual(1);
    expect(silent.terminated).toBe(true);
    expect(lively.terminated).toBe(false);
  });
});
