import { SOCKET_CLOSE } from '@counterpart/contracts';
import type { WebSocket } from 'ws';
import type { RealtimeEvent } from '../../realtime/realtime-event.ts';
import type { SocketIdentity } from './socket-auth.ts';

/** A socket whose unsent bytes pass this is too slow to keep: it is closed, not buffered without bound. */
export const MAX_BUFFERED_BYTES = 1024 * 1024;
/** Close code for a socket dropped because it cannot keep up (RFC 6455 1013 "try again later"). */
export const CLOSE_TOO_SLOW = 1013;
/** setTimeout's largest delay; a token living longer is checked again at that point. */
const MAX_TIMER_MS = 2_147_483_647;

interface Member {
  socket: WebSocket;
  userId: string;
  sessionId: string | null;
  alive: boolean;
  expiry: NodeJS.Timeout | null;
}

export interface SocketHubOptions {
  maxBufferedBytes?: number;
  /** Protocol-level ping sweep: a socket that did not answer the previous one is terminated. */
  heartbeatMs?: number;
}

export interface SocketHub {
  /** Tracks an authenticated socket until it closes (or its token expires: close 4001). */
  add(socket: WebSocket, identity: SocketIdentity): void;
  /** Sends the event to the organization's sockets (only the user's, when userId is set); returns how many. */
  broadcast(event: RealtimeEvent): number;
  /** Closes (1008) every socket opened with a token of this provider session: it was signed out. */
  endSession(sessionId: string): number;
  /** Open sockets, all organizations together. */
  size(): number;
  close(): void;
}

/**
 * The sockets of this process, indexed by organization so a broadcast touches only that
 * organization's sockets; each message is serialised once per broadcast.
 */
export function createSocketHub(options: SocketHubOptions = {}): SocketHub {
  const maxBuffered = options.maxBufferedBytes ?? MAX_BUFFERED_BYTES;
  const byOrganization = new Map<string, Set<Member>>();
  let count = 0;

  const remove = (organizationId: string, member: Member) => {
    const members = byOrganization.get(organizationId);
    if (!members?.delete(member)) return;
    count -= 1;
    if (members.size === 0) byOrganization.delete(organizationId);
    if (member.expiry) clearTimeout(member.expiry);
  };

  const sweep = setInterval(() => {
    for (const members of byOrganization.values()) {
      for (const member of members) {
        if (!member.alive) {
          member.socket.terminate();
          continue;
        }
        member.alive = false;
        member.socket.ping();
      }
    }
  }, options.heartbeatMs ?? 30_000);
  sweep.unref();

  return {
    add(socket, identity) {
      const member: Member = {
        socket,
        userId: identity.userId,
        sessionId: identity.sessionId,
        alive: true,
        expiry: null,
      };
      let members = byOrganization.get(identity.organizationId);
      if (!members) {
        members = new Set();
        byOrganization.set(identity.organizationId, members);
      }
      members.add(member);
      count += 1;
      const markAlive = () => {
        member.alive = true;
      };
      socket.on('pong', markAlive);
      socket.on('message', markAlive);
      socket.once('close', () => remove(identity.organizationId, member));
      if (identity.expiresAt !== null) scheduleExpiry(member, identity.expiresAt);
    },
    broadcast(event) {
      const members = byOrganization.get(event.organizationId);
      if (!members) return 0;
      const payload = Buffer.from(JSON.stringify(event.message));
      let sent = 0;
      for (const member of members) {
        if (event.userId !== null && member.userId !== event.userId) continue;
        const { socket } = member;
        if (socket.readyState !== socket.OPEN) continue;
        if (socket.bufferedAmount > maxBuffered) {
          socket.close(CLOSE_TOO_SLOW, 'Too slow: messages are piling up, reconnect');
          continue;
        }
        socket.send(payload, { binary: false });
        sent += 1;
      }
      return sent;
    },
    endSession(sessionId) {
      let closed = 0;
      for (const members of byOrganization.values()) {
        for (const member of members) {
          if (member.sessionId !== sessionId) continue;
          member.socket.close(SOCKET_CLOSE.policyViolation, 'Your session has ended: sign in again');
          closed += 1;
        }
      }
      return closed;
    },
    size() {
      return count;
    },
    close() {
      clearInterval(sweep);
      for (const [organizationId, members] of byOrganization) {
        for (const member of members) remove(organizationId, member);
      }
    },
  };
}

/** Closes the socket with 4001 'Token expired' when its token's lifetime ends. */
function scheduleExpiry(member: Member, expiresAt: number) {
  const wait = expiresAt - Date.now();
  member.expiry = setTimeout(
    () => {
      if (Date.now() < expiresAt) return scheduleExpiry(member, expiresAt);
      member.socket.close(SOCKET_CLOSE.tokenExpired, 'Token expired');
    },
    Math.max(0, Math.min(wait, MAX_TIMER_MS)),
  );
  member.expiry.unref();
}
