import { z } from 'zod';
import { pageOf } from './common.ts';

/**
 * Sources of real-time messages (spec §3): processes come from workflow, document processing,
 * export_document and dashboards; notifications from notification; messages have none mapped.
 */
export const PROCESS_SOURCES = ['workflow', 'document processing', 'export_document', 'dashboards'] as const;
export const NOTIFICATION_SOURCES = ['notification'] as const;
export type ProcessSource = (typeof PROCESS_SOURCES)[number];

/** `info` of a real-time message: status, progress (percent), message and url where they apply. */
export const realtimeInfoSchema = z.object({
  status: z.string().optional(),
  progress: z.number().min(0).max(100).optional(),
  message: z.string().optional(),
  url: z.string().optional(),
  displayType: z.string().optional(),
  /** On a notification about a finished job: that job's process id, so tabs drop its stale card. */
  process_id: z.string().optional(),
});
export type RealtimeInfo = z.infer<typeof realtimeInfoSchema>;

/** What the socket at /ws/notifications/ sends: `{ id, source, info }` as JSON (spec §7). */
export const realtimeMessageSchema = z.object({
  id: z.string().min(1),
  source: z.string().min(1),
  info: realtimeInfoSchema,
});
export type RealtimeMessage = z.infer<typeof realtimeMessageSchema>;

/** Close codes of the socket: 1008 policy violation (bad token, foreign organization), 4001 token expired. */
export const SOCKET_CLOSE = { policyViolation: 1008, tokenExpired: 4001 } as const;

/** A stored notification of the signed-in user in the current organization. */
export const notificationSchema = z.object({
  id: z.string(),
  source: z.string(),
  info: realtimeInfoSchema,
  read: z.boolean(),
  created_at: z.string(),
});
export type StoredNotification = z.infer<typeof notificationSchema>;

/** GET /api/notifications: newest first; `since` (ISO time) returns only what came after it. */
export const notificationsQuerySchema = z.object({
  page_no: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(20),
  since: z.iso.datetime({ offset: true }).optional(),
});
export const notificationsPageSchema = pageOf(notificationSchema);
export type NotificationsPage = z.infer<typeof notificationsPageSchema>;

/** POST /api/notifications/read: mark some (ids) or all (no ids) as read. */
export const markNotificationsReadSchema = z.object({ ids: z.array(z.string()).max(500).optional() });

/** Events a user can subscribe to (Account Settings → subscriptions); all on by default. */
export const SUBSCRIPTION_EVENTS = [
  'export_document',
  'workflow',
  'document processing',
  'dashboards',
] as const;
export const subscriptionSchema = z.object({ event: z.enum(SUBSCRIPTION_EVENTS), enabled: z.boolean() });
export const subscriptionsSchema = z.object({ data: z.array(subscriptionSchema) });
export type Subscription = z.infer<typeof subscriptionSchema>;

/** Answer of POST /api/notifications/read: how many notifications became read. */
export const notificationsReadSchema = z.object({ updated: z.number().int() });
/** Answer of DELETE /api/notifications (Clear): how many notifications were removed. */
export const notificationsClearedSchema = z.object({ deleted: z.number().int() });
