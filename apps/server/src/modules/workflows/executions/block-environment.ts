import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/database.ts';
import type { EventBus } from '../../../realtime/realtime-event.ts';
import type { FileStore } from '../../../storage/file-store.ts';
import type { AuditActor } from '../../audit/audit.service.ts';

/** What the blocks of one execution may reach: its organization, who started it, the run's inputs. */
export interface BlockEnvironment {
  db: Db;
  organizationId: string;
  actor: AuditActor;
  inputs: Record<string, string>;
  store: FileStore;
  /** Mail, logger and live bus of the process running the run (Notify); none when a test runs blocks alone. */
  services?: NotifyServices;
}

/** What Notify needs from the process running the block: mail settings, a logger, the live bus. */
export interface NotifyServices {
  mail: Config['mail'];
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  bus: EventBus;
}
