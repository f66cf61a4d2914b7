import type { OutboxPage } from '@counterpart/contracts';
import { and, count, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { memberships, outboxEmails, users } from '../../db/schema.ts';

/**
 * Which e-mails an organization's outbox shows: its own (invites), and, only while no SMTP is set
 * (the outbox is then the only way a link reaches anyone), the e-mails to a person (password
 * resets) whose recipient is a member of this organization *and of no other*. A reset link gives
 * the whole account: an admin may read it only when the account holds nothing but their own
 * organization's access, or anyone could sign a company up, invite a user of another organization
 * and take their account over. Other people's links reach only the server operator
 * (`npm run outbox`, outbox-command.ts).
 */
function visibleIn(organizationId: string, includePersonal: boolean): SQL | undefined {
  const own = eq(outboxEmails.organizationId, organizationId);
  if (!includePersonal) return own;
  const onlyHere = sql`lower(${outboxEmails.toAddress}) in (
    select lower(${users.email}) from ${users}
    join ${memberships} on ${memberships.userId} = ${users.id}
    where ${memberships.organizationId} = ${organizationId}
      and not exists (
        select 1 from ${memberships} elsewhere
        where elsewhere.user_id = ${users.id} and elsewhere.organization_id <> ${organizationId}))`;
  return or(own, and(isNull(outboxEmails.organizationId), onlyHere));
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
