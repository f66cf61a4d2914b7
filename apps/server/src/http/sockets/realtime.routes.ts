import websocket from '@fastify/websocket';
import type { FastifyPluginAsync } from 'fastify';
import type { WebSocket } from 'ws';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { TokenVerifier } from '../../identity/token-verifier.ts';
import type { EventBus } from '../../realtime/realtime-event.ts';
import { type AuthCache, endedSession } from '../auth-cache.ts';
import { authenticateSocket } from './socket-auth.ts';
import { createSocketHub, type SocketHub, type SocketHubOptions } from './socket-hub.ts';

export interface RealtimeRoutesOptions {
  config: Config;
  bus: EventBus;
  verifyToken: TokenVerifier;
  /** For the built-in provider's live membership check (as for API calls). */
  database?: Database;
  /** Sessions of the built-in provider (a signed-out session's token opens no socket). */
  authCache?: AuthCache | null;
  hub?: SocketHubOptions;
  /** Told the hub once it exists (/metrics counts its sockets). */
  onHub?: (hub: SocketHub) => void;
}

/** The browser sends only 'ping'; anything large is refused by the protocol layer. */
const MAX_INCOMING_BYTES = 4 * 1024;

/**
 * GET /ws/notifications/?organization_id=…&token=… (spec §7): an authenticated socket that answers
 * 'ping' with 'pong' and receives, as JSON `{ id, source, info }`, every bus event of its
 * organization (personal ones only on their user's sockets).
 */
export const realtimeRoutes: FastifyPluginAsync<RealtimeRoutesOptions> = async (app, options) => {
  await app.register(websocket, { options: { maxPayload: MAX_INCOMING_BYTES } });
  const hub = createSocketHub(options.hub);
  options.onHub?.(hub);
  const unsubscribe = options.bus.subscribe((event) => {
    try {
      // A sign-out (from any process) closes that session's sockets; other events go to their sockets.
      const signedOut = endedSession(event);
      if (signedOut) hub.endSession(signedOut);
      else hub.broadcast(event);
    } catch (error) {
      app.log.error({ err: error }, 'realtime broadcast failed');
    }
  });
  app.addHook('onClose', async () => {
    unsubscribe();
    hub.close();
  });

  app.get<{ Querystring: { organization_id?: unknown; token?: unknown } }>(
    '/ws/notifications/',
    { websocket: true },
    (socket: WebSocket, request) => {
      // Listen at once: a 'ping' sent while the token is being checked is answered after it.
      const authenticated = authenticateSocket(options, request.query).then(
        (result) => {
          if (!result.ok) {
            socket.close(result.code, result.reason);
            return false;
          }
          if (socket.readyState !== socket.OPEN) return false;
          hub.add(socket, result.identity);
          return true;
        },
        (error: unknown) => {
          request.log.error({ err: error }, 'socket authentication failed');
          socket.close(1011, 'Could not check the token, try again');
          return false;
        },
      );
      socket.on('message', (data, isBinary) => {
        if (isBinary) return;
        void authenticated.then((ok) => {
          if (ok && data.toString() === 'ping' && socket.readyState === socket.OPEN) socket.send('pong');
        });
      });
    },
  );
};
