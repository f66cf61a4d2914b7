import type { RealtimeMessage } from '@counterpart/contracts';

/**
 * One message on its way to sockets: for every socket of `organizationId`, or only for the
 * sockets of `userId` when it is set (personal work such as an export).
 */
export interface RealtimeEvent {
  organizationId: string;
  userId: string | null;
  message: RealtimeMessage;
}

/**
 * Carries realtime events between the code that produces them (jobs, services) and the socket
 * hub: in-process with one server, PostgreSQL LISTEN/NOTIFY when several share DATABASE_URL.
 */
export interface EventBus {
  publish(event: RealtimeEvent): Promise<void>;
  /** Returns the function that unsubscribes. */
  subscribe(listener: (event: RealtimeEvent) => void): () => void;
  close(): Promise<void>;
}
