import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { outboxEmails } from '../../db/schema.ts';

export interface MailDeps {
  db: Db;
  config: Pick<Config, 'mail'>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

export interface MailMessage {
  /** The organization the e-mail concerns (invites); none for mail to a person (password reset). */
  organizationId?: string | null;
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface SentMail {
  id: string;
  /**
   * Settles when SMTP has accepted or refused the e-mail (at once without SMTP_URL). Never
   * rejects: the outcome is written to the outbox row (sentAt or error) and logged.
   */
  delivered: Promise<void>;
}

/** One transport per SMTP URL for the life of the process (nodemailer pools nothing by default). */
const transports = new Map<string, Transporter>();

function transportFor(smtpUrl: string): Transporter {
  let transport = transports.get(smtpUrl);
  if (!transport) {
    transport = nodemailer.createTransport(smtpUrl);
    transports.set(smtpUrl, transport);
  }
  return transport;
}

/**
 * Sends an e-mail: always recorded in the outbox table first; then handed to SMTP when SMTP_URL
 * is set, else only logged (recipient and subject, never the body: it may hold a link's token).
 * Callers need not wait for `delivered`; answering a request does not depend on the SMTP server.
 */
export async function sendMail(deps: MailDeps, message: MailMessage): Promise<SentMail> {
  const [row] = await deps.db
    .insert(outboxEmails)
    .values({
      organizationId: message.organizationId ?? null,
      toAddress: message.to,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html ?? null,
    })
    .returning({ id: outboxEmails.id });
  if (!row) throw new Error('Could not record the e-mail');
  const summary = { emailId: row.id, to: message.to, subject: message.subject };
  const { smtpUrl, from } = deps.config.mail;
  if (!smtpUrl) {
    deps.log.info(
      summary,
      'e-mail kept in the outbox (no SMTP_URL is set): see the outbox in Account Settings, or `npm run outbox` on the server',
    );
    return { id: row.id, delivered: Promise.resolve() };
  }
  return { id: row.id, delivered: deliver(deps, smtpUrl, from, row.id, message, summary) };
}

async function deliver(
  deps: MailDeps,
  smtpUrl: string,
  from: string,
  id: string,
  message: MailMessage,
  summary: Record<string, string>,
): Promise<void> {
  try {
    await transportFor(smtpUrl).sendMail({
      from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
    });
    await deps.db.update(outboxEmails).set({ sentAt: new Date() }).where(eq(outboxEmails.id, id));
    deps.log.info(summary, 'e-mail sent');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    deps.log.warn({ ...summary, reason }, 'e-mail could not be sent: it stays in the outbox');
    await deps.db
      .update(outboxEmails)
      .set({ error: reason.slice(0, 1000) })
      .where(eq(outboxEmails.id, id))
      .catch((failure: unknown) =>
        deps.log.error({ emailId: id, err: failure }, 'could not record the failure'),
      );
  }
}
