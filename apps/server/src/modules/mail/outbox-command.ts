import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { desc, sql } from 'drizzle-orm';
import { loadConfigOrExit } from '../../config.ts';
import { type Database, openDatabase } from '../../db/database.ts';
import { outboxEmails } from '../../db/schema.ts';

/**
 * `npm run outbox [-- --to e-mail] [--limit n]`: the server operator's view of every e-mail the
 * server wrote, newest first, bodies included — the only place, without SMTP_URL, where the
 * password-reset link of a user who belongs to several organizations can be read (no organization's
 * admin sees it: outbox.service.ts). Reads the database of the server's configuration: DATABASE_URL,
 * or a copy of the PGlite folder under DATA_DIR (PGlite is one process's; the copy leaves the
 * running server's folder untouched).
 */
export interface OutboxCommandOptions {
  to?: string;
  limit: number;
}

export function parseOutboxArgs(args: string[]): OutboxCommandOptions {
  const options: OutboxCommandOptions = { limit: 20 };
  for (let i = 0; i < args.length; i++) {
    const name = args[i];
    const value = args[i + 1];
    if ((name === '--to' || name === '--limit') && value === undefined) {
      throw new Error(`${name} needs a value`);
    }
    if (name === '--to') options.to = String(value).trim().toLowerCase();
    else if (name === '--limit') {
      const limit = Number(value);
      if (!Number.isInteger(limit) || limit < 1) throw new Error('--limit must be a whole number above 0');
      options.limit = limit;
    } else throw new Error(`Unknown option ${name}: use --to <e-mail> and --limit <n>`);
    i++;
  }
  return options;
}

/** The e-mails, newest first, as text an operator reads in a terminal. */
export async function formatOutbox(database: Database, options: OutboxCommandOptions): Promise<string> {
  const rows = await database.db
    .select()
    .from(outboxEmails)
    .where(options.to ? sql`lower(${outboxEmails.toAddress}) = ${options.to}` : undefined)
    .orderBy(desc(outboxEmails.createdAt), desc(outboxEmails.id))
    .limit(options.limit);
  if (rows.length === 0) return options.to ? `No e-mail to ${options.to}.\n` : 'The outbox is empty.\n';
  return rows
    .map((row) => {
      const status = row.sentAt
        ? `sent ${row.sentAt.toISOString()}`
        : (row.error ?? 'not sent (no SMTP_URL)');
      return [
        `── ${row.createdAt.toISOString()}  to ${row.toAddress}  (${status})`,
        `Subject: ${row.subject}`,
        '',
        row.textBody,
        '',
      ].join('\n');
    })
    .join('\n');
}

/**
 * A point-in-time copy of a PGlite folder that a server may be writing: the control file first,
 * the write-ahead log last, as a base backup does, so the copy recovers to a consistent state.
 */
export function snapshotPglite(dataDir: string): string {
  const source = path.join(dataDir, 'pglite');
  if (!existsSync(source)) throw new Error(`No embedded database in ${dataDir} (DATA_DIR)`);
  const copy = mkdtempSync(path.join(tmpdir(), 'counterpart-outbox-'));
  const target = path.join(copy, 'pglite');
  mkdirSync(path.join(target, 'global'), { recursive: true });
  const control = path.join('global', 'pg_control');
  if (existsSync(path.join(source, control))) cpSync(path.join(source, control), path.join(target, control));
  for (const entry of readdirSync(source)) {
    if (entry === 'pg_wal') continue;
    cpSync(path.join(source, entry), path.join(target, entry), {
      recursive: true,
      filter: (from) => path.relative(source, from) !== control,
    });
  }
  if (existsSync(path.join(source, 'pg_wal'))) {
    cpSync(path.join(source, 'pg_wal'), path.join(target, 'pg_wal'), { recursive: true });
  }
  return copy;
}

async function main() {
  const config = loadConfigOrExit();
  let options: OutboxCommandOptions;
  try {
    options = parseOutboxArgs(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(64);
  }
  const copy = config.databaseUrl ? null : snapshotPglite(config.dataDir);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: copy ?? config.dataDir });
  try {
    process.stdout.write(await formatOutbox(database, options));
  } finally {
    await database.close();
    if (copy) rmSync(copy, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
