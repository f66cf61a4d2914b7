import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Json } from '../../../test/api-call.ts';
import type { TestServer } from '../../../test/test-server.ts';
import { outboxEmails } from '../../db/schema.ts';

/** A client address of its own, so one test's attempts never use up another's rate limit. */
export function randomAddress(): string {
  const byte = () => 1 + Math.floor(Math.random() * 250);
  return `10.${byte()}.${byte()}.${byte()}`;
}

/** A unique e-mail for a test of its own (CI shares one PostgreSQL database between files). */
export function uniqueEmail(label: string): string {
  return `${label}-${randomUUID().slice(0, 12)}@test.example`;
}

/** An unauthenticated JSON call (a guest's page), from `address` (a fresh one by default). */
export function createPublicCall(server: TestServer) {
  return async function call(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: Json }> {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        'x-forwarded-for': randomAddress(),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
}

/**
 * The newest e-mail to `to` whose subject contains `subject`, once there are more than `seen` of
 * them (password reset e-mails are written after the answer: it waits a little).
 */
export async function waitForMail(server: TestServer, to: string, subject: string, seen = 0) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const mails = await server.database.db
      .select()
      .from(outboxEmails)
      .where(
        and(
          sql`lower(${outboxEmails.toAddress}) = ${to.toLowerCase()}`,
          sql`${outboxEmails.subject} like ${`%${subject}%`}`,
        ),
      )
      .orderBy(desc(outboxEmails.createdAt), desc(outboxEmails.id));
    const [mail] = mails;
    if (mail && mails.length > seen) return mail;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`No e-mail to ${to} about "${subject}"`);
}

/** As waitForMail, with the token of the link the e-mail carries. */
export async function waitForEmail(server: TestServer, to: string, subject: string, seen = 0) {
  const mail = await waitForMail(server, to, subject, seen);
  const token = /token=([A-Za-z0-9_-]+)/.exec(mail.textBody)?.[1];
  if (!token) throw new Error(`No link in the e-mail to ${to}`);
  return { ...mail, token };
}

/** How many e-mails went to `to` (to prove none was sent). */
export async function countEmails(server: TestServer, to: string): Promise<number> {
  const rows = await server.database.db
    .select({ id: outboxEmails.id })
    .from(outboxEmails)
    .where(eq(sql`lower(${outboxEmails.toAddress})`, to.toLowerCase()));
  return rows.length;
}
