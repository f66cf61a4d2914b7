import type { OutboxPage } from '@counterpart/contracts';
import { and, count, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { memberships, outboxEmails, users } from '../../db/schema.ts';

/**
 * Which e-mails an organization's outbox shows: its own (invites), and, only while no SMTP is
 * set (the outbox is then the only way a link reaches anyone), the e-mails to a person (password
 * resets) whose recipient is a member of this organization.
 */
function visibleIn(organizationId: string, includePersonal: boolean): SQL | undefined {
  const own = eq(outboxEmails.organizationId, organizationId);
  if (!includePersonal) return own;
  const members = sql`lower(${outboxEmails.toAddress}) in (
    select lower(${users.email}) from ${users}
    join ${memberships} on ${memberships.userId} = ${users.id}
    where ${memberships.organizationId} = ${organizationId})`;
  return or(own, and(isNull(outboxEmails.organizationId), members));
}

/** One page of the outbox, newest first, with bodies so an admin can pass a link on by hand. */
export async function listOutbox(
  db: Db,
  organizationId: string,
  options: { pageNo: number; pageSize: number; smtpConfigured: boolean },
): Promise<OutboxPage> {
  const where = visibleIn(organizationId, !options.smtpConfigured);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(outboxEmails)
      .where(where)
      .orderBy(desc(outboxEmails.createdAt), desc(outboxEmails.id))
      .limit(options.pageSize)
      .offset((options.pageNo - 1) * options.pageSize),
    db.select({ n: count() }).from(outboxEmails).where(where),
  ]);
  return {
    data: rows.map((row) => ({
      id: row.id,
      to_address: row.toAddress,
      subject: row.subject,
      text_body: row.textBody,
      html_body: row.htmlBody,
      sent_at: row.sentAt?.toISOString() ?? null,
      error: row.error,
      created_at: row.createdAt.toISOString(),
    })),
    page_no: options.pageNo,
    page_size: options.pageSize,
    total: Number(total?.n ?? 0),
    smtp_configured: options.smtpConfigured,
  };
}
