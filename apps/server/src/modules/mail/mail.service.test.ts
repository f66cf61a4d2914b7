import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/database.ts';
import { outboxEmails } from '../../db/schema.ts';
import { sendMail } from './mail.service.ts';

let database: Database;

beforeAll(async () => {
  database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: 'memory://' });
});
afterAll(() => database?.close());

/** A logger whose JSON lines land in `lines`. */
function recordingLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, log: pino({ level: 'info' }, stream) };
}

/** Just enough of an SMTP server to accept messages: what it received is in `messages`. */
async function startFakeSmtp(): Promise<{ url: string; messages: string[]; server: Server }> {
  const messages: string[] = [];
  const server = createServer((socket) => {
    let inData = false;
    let buffer = '';
    socket.write('220 fake.test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      if (inData) {
        const end = buffer.indexOf('\r\n.\r\n');
        if (end < 0) return;
        messages.push(buffer.slice(0, end));
        buffer = buffer.slice(end + 5);
        inData = false;
        socket.write('250 queued\r\n');
      }
      let newline = buffer.indexOf('\r\n');
      while (!inData && newline >= 0) {
        const line = buffer.slice(0, newline).toUpperCase();
        buffer = buffer.slice(newline + 2);
        if (line.startsWith('EHLO')) socket.write('250-fake.test\r\n250 8BITMIME\r\n');
        else if (line === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (line === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
        newline = buffer.indexOf('\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `smtp://127.0.0.1:${port}`, messages, server };
}

async function storedRow(id: string) {
  const [row] = await database.db.select().from(outboxEmails).where(eq(outboxEmails.id, id));
  return row;
}

const secretLink = 'https://app.test/auth/reset-password?token=SECRET-TOKEN-123';

describe('sendMail', () => {
  it('without SMTP_URL keeps the e-mail in the outbox and logs who and what, never the body', async () => {
    const { lines, log } = recordingLogger();
    const to = `nosmtp-${randomUUID()}@test.example`;
    const config = { mail: { smtpUrl: undefined, from: 'Counterpart <no-reply@app.test>' } };
    const sent = await sendMail(
      { db: database.db, config, log },
      { to, subject: 'Hello', text: `Link: ${secretLink}` },
    );
    await sent.delivered;
    const row = await storedRow(sent.id);
    expect(row).toMatchObject({ toAddress: to, subject: 'Hello', sentAt: null, error: null });
    expect(row?.textBody).toContain(secretLink);
    const logged = lines.join('');
    expect(logged).toContain(to);
    expect(logged).toContain('see the outbox in Account Settings');
    expect(logged).not.toContain('SECRET-TOKEN-123');
  });

  it('with SMTP_URL sends through the server and marks the e-mail sent', async () => {
    const smtp = await startFakeSmtp();
    try {
      const { log } = recordingLogger();
      const to = `smtp-${randomUUID()}@test.example`;
      const config = { mail: { smtpUrl: smtp.url, from: 'Counterpart <no-reply@app.test>' } };
      const sent = await sendMail(
        { db: database.db, config, log },
        { to, subject: 'Via SMTP', text: 'Body text' },
      );
      await sent.delivered;
      expect((await storedRow(sent.id))?.sentAt).toBeInstanceOf(Date);
      expect(smtp.messages).toHaveLength(1);
      expect(smtp.messages[0]).toContain(`To: ${to}`);
      expect(smtp.messages[0]).toContain('Subject: Via SMTP');
      expect(smtp.messages[0]).toContain('From: Counterpart <no-reply@app.test>');
    } finally {
      smtp.server.close();
    }
  });

  it('records why an e-mail could not be sent and keeps it in the outbox', async () => {
    const closed = await startFakeSmtp();
    closed.server.close();
    const { lines, log } = recordingLogger();
    const config = { mail: { smtpUrl: closed.url, from: 'Counterpart <no-reply@app.test>' } };
    const to = `fail-${randomUUID()}@test.example`;
    const sent = await sendMail({ db: database.db, config, log }, { to, subject: 'Lost', text: secretLink });
    await sent.delivered;
    const row = await storedRow(sent.id);
    expect(row?.sentAt).toBeNull();
    expect(row?.error).toMatch(/ECONNREFUSED|connect/i);
    expect(lines.join('')).not.toContain('SECRET-TOKEN-123');
  });
});
