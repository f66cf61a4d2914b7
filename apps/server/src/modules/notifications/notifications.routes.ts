import {
  errorResponseSchema,
  markNotificationsReadSchema,
  notificationsClearedSchema,
  notificationsPageSchema,
  notificationsQuerySchema,
  notificationsReadSchema,
  subscriptionsSchema,
} from '@counterpart/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.ts';
import { requireOrganization } from '../../http/auth-context.ts';
import {
  clearNotifications,
  getSubscriptions,
  listNotifications,
  markNotificationsRead,
  saveSubscriptions,
} from './notifications.service.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
const common = { tags: ['notifications'], security: [{ bearer: [] }] };

/** The caller's inbox in the current organization, and which events notify them. */
export const notificationsRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (
  app,
  { database },
) => {
  const { db } = database;
  const inboxOf = (request: Parameters<typeof requireOrganization>[0]) => {
    const auth = requireOrganization(request);
    return { organizationId: auth.organizationId, userId: auth.userId };
  };

  app.get(
    '/api/notifications',
    {
      schema: {
        ...common,
        summary: 'Your notifications in this organization, newest first; `since` returns only newer ones',
        querystring: notificationsQuerySchema,
        response: { 200: notificationsPageSchema, ...errors },
      },
    },
    async (request) => listNotifications(db, inboxOf(request), request.query),
  );

  app.post(
    '/api/notifications/read',
    {
      schema: {
        ...common,
        summary: 'Mark some (ids) or all (no ids) of your notifications as read',
        body: markNotificationsReadSchema.nullish(),
        response: { 200: notificationsReadSchema, ...errors },
      },
    },
    async (request) => ({ updated: await markNotificationsRead(db, inboxOf(request), request.body?.ids) }),
  );

  app.delete(
    '/api/notifications',
    {
      schema: {
        ...common,
        summary: 'Clear: remove all your notifications in this organization',
        response: { 200: notificationsClearedSchema, ...errors },
      },
    },
    async (request) => ({ deleted: await clearNotifications(db, inboxOf(request)) }),
  );

  app.get(
    '/api/users/organization/settings/subscriptions',
    {
      schema: {
        ...common,
        tags: ['users'],
        summary: 'Which events notify you in this organization (all on unless turned off)',
        response: { 200: subscriptionsSchema, ...errors },
      },
    },
    async (request) => ({ data: await getSubscriptions(db, inboxOf(request)) }),
  );

  app.put(
    '/api/users/organization/settings/subscriptions',
    {
      schema: {
        ...common,
        tags: ['users'],
        summary: 'Turn events on or off for you in this organization; returns every subscription',
        body: subscriptionsSchema,
        response: { 200: subscriptionsSchema, 409: errorResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await saveSubscriptions(db, inboxOf(request), request.body.data) }),
  );
};
