import { randomUUID } from 'node:crypto';
import type { Writable } from 'node:stream';
import {
  DOCUMENT_KINDS,
  DOCUMENT_STATUSES,
  type DocumentKind,
  type DocumentStatus,
  type ExportedFile,
  type NotifyResult,
  WORKFLOW_DOCUMENT_COLUMNS,
} from '@counterpart/contracts';
import { type Cell, createTableWriter, type ExportFormat } from '@counterpart/files';
import { isRowSet, type RowSet } from '@counterpart/workflow-engine';
import type { EventBus } from '../../../realtime/realtime-event.ts';
import { listDocuments } from '../../documents/documents.service.ts';
import { sendMail } from '../../mail/mail.service.ts';
import { notifyOwner } from '../../notifications/notifications.service.ts';
import type { BlockEnvironment, NotifyServices } from './block-environment.ts';

/**
 * The output blocks of an execution: Export file (its input as a CSV or Excel file under
 * DATA_DIR/files), Notify (an e-mail through the outbox and an in-app notification), Documents
 * (the drop box's documents as rows), and the message of the blocks that cannot run here yet.
 */

/** Where Export file blocks keep their files, inside the file store: one folder per organization. */
export const WORKFLOW_FILES = 'workflow-files';
/** What Export file stores as its output: the public value and where the file sits in the store. */
export interface StoredExportedFile extends ExportedFile {
  storage_key: string;
}

export function isStoredExportedFile(value: unknown): value is StoredExportedFile {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as StoredExportedFile).storage_key === 'string' &&
    typeof (value as StoredExportedFile).file_name === 'string'
  );
}

const WRITE_BATCH = 1_000;

type Direction = { in: string; out: string };

/** One status of a dashboard value: amounts per side and direction (`amount` in values stored before). */
interface DashboardStatus {
  groups: number;
  records: number;
  sides?: { left: Direction; right: Direction } | null;
  amount?: string;
}

/** A dashboard value (the Dashboard block's output). */
interface DashboardValue {
  title: string;
  records: number | null;
  match_rate: number | null;
  statuses: Record<string, DashboardStatus>;
  unreconciled: number | null;
}

const NO_AMOUNT = '—';

/** Money in and out of one side in words: `20450.00 in`, `5000.00 out`, `333.00 in, 5000.00 out`. */
function directionText(direction: Direction): string {
  const parts = [
    ...(Number(direction.in) !== 0 ? [`${direction.in} in`] : []),
    ...(Number(direction.out) !== 0 ? [`${direction.out} out`] : []),
  ];
  return parts.length > 0 ? parts.join(', ') : '0.00';
}

/** A status's amounts for a reader: each side on its own, never added (`left 20450.00 in · right 20450.00 in`). */
function statusAmountText(entry: DashboardStatus): string {
  if (entry.sides)
    return `left ${directionText(entry.sides.left)} · right ${directionText(entry.sides.right)}`;
  return entry.amount ?? NO_AMOUNT;
}

function isDashboard(value: unknown): value is DashboardValue {
  return typeof value === 'object' && value !== null && 'statuses' in value && 'match_rate' in value;
}

function dashboardRows(dashboard: DashboardValue): RowSet {
  return {
    columns: ['Status', 'Groups', 'Records', 'Left in', 'Left out', 'Right in', 'Right out'],
    rows: Object.entries(dashboard.statuses).map(([status, entry]) => ({
      Status: status,
      Groups: String(entry.groups),
      Records: String(entry.records),
      'Left in': entry.sides?.left.in ?? NO_AMOUNT,
      'Left out': entry.sides?.left.out ?? NO_AMOUNT,
      'Right in': entry.sides?.right.in ?? NO_AMOUNT,
      'Right out': entry.sides?.right.out ?? NO_AMOUNT,
    })),
  };
}

/** A file name the server may hand out: no folders, no control characters, the given extension. */
export function exportFileName(wanted: string, extension: string): string {
  const base = wanted
    .trim()
    .replace(/[/\\:*?"<>|\p{Cc}]+/gu, '-')
    .replace(/^\.+/, '')
    .slice(0, 120);
  const name = base || 'export';
  return name.toLowerCase().endsWith(`.${extension}`) ? name : `${name}.${extension}`;
}

/** Writes rows with the table exports' writers (RFC 4180 CSV with a BOM, or streamed XLSX). */
export async function writeRows(
  output: Writable,
  format: ExportFormat,
  sheetName: string,
  columns: string[],
  batches:
    | AsyncIterable<Array<Record<string, string | null>>>
    | Iterable<Array<Record<string, string | null>>>,
): Promise<void> {
  const writer = createTableWriter(format, output, {
    sheetName: sheetName.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Data',
    columns,
  });
  for await (const batch of batches) {
    await writer.writeRows(batch.map((row) => columns.map((column): Cell => row[column] ?? null)));
  }
  await writer.finish();
}

function* inBatches<T>(items: T[], size: number): Iterable<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

/** Export file: the input's rows (or a dashboard's rows per status) as a CSV or XLSX file. */
export async function exportFile(
  env: BlockEnvironment,
  values: unknown[] | undefined,
  params: Record<string, unknown>,
): Promise<{ file: StoredExportedFile }> {
  const format: ExportFormat = params.format === 'xlsx' ? 'xlsx' : 'csv';
  const wanted = typeof params.file_name === 'string' ? params.file_name : '';
  if (!wanted.trim()) throw new Error('Name the file to export');
  const value = (values ?? [])[0];
  const rows = isRowSet(value) ? value : isDashboard(value) ? dashboardRows(value) : null;
  if (!rows) throw new Error('Export file writes rows: connect a table or a dashboard to "Data"');
  const fileName = exportFileName(wanted, format);
  const storageKey = `${WORKFLOW_FILES}/${env.organizationId}/${randomUUID()}.${format}`;
  const size = await env.store.save(storageKey, (output) =>
    writeRows(
      output,
      format,
      fileName.replace(/\.[a-z]+$/, ''),
      rows.columns,
      inBatches(rows.rows, WRITE_BATCH),
    ),
  );
  return {
    file: {
      file_name: fileName,
      format,
      size,
      rows: rows.rows.length,
      download_path: null,
      storage_key: storageKey,
    },
  };
}

const quietLog: NotifyServices['log'] = { info() {}, warn() {}, error() {} };
/** Without the process's bus (a block run alone in a test), the notification is only stored. */
const noBus: EventBus = { publish: async () => {}, subscribe: () => () => {}, close: async () => {} };

const EMAIL = /^[^\s@,;<>"]+@[^\s@,;<>"]+\.[^\s@,;<>"]+$/;
const SUMMARY_ROWS = 20;
const SUMMARY_CELL = 80;

function recipientsOf(env: BlockEnvironment, param: unknown): string[] {
  const given =
    typeof param === 'string'
      ? param
          .split(/[,;\n]/)
          .map((a) => a.trim())
          .filter(Boolean)
      : [];
  if (given.length === 0) {
    if (!EMAIL.test(env.actor.email)) {
      throw new Error('Name the recipients: nobody with an e-mail address started this run');
    }
    return [env.actor.email];
  }
  const bad = given.filter((address) => !EMAIL.test(address));
  if (bad.length > 0) {
    throw new Error(`Not an e-mail address: ${bad.map((address) => `"${address}"`).join(', ')}`);
  }
  return [...new Set(given)];
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
const short = (text: string | null | undefined) =>
  !text ? '' : text.length > SUMMARY_CELL ? `${text.slice(0, SUMMARY_CELL - 1)}…` : text;

/** The summary of what Notify receives, as text and HTML: a dashboard, rows, or nothing. */
function summaryOf(values: unknown[]): { text: string[]; html: string[]; exceptions: boolean } {
  const dashboard = values.find(isDashboard);
  if (dashboard) {
    const statuses = Object.entries(dashboard.statuses);
    const text = [
      `${dashboard.title}: match rate ${dashboard.match_rate ?? '—'} % of ${dashboard.records ?? '—'} records`,
      ...statuses.map(
        ([s, e]) => `  ${s}: ${e.records} records in ${e.groups} groups, ${statusAmountText(e)}`,
      ),
      `Unreconciled: ${dashboard.unreconciled ?? '—'}`,
    ];
    const html = [
      `<p><strong>${escapeHtml(dashboard.title)}</strong>: match rate ${dashboard.match_rate ?? '—'} % of ${dashboard.records ?? '—'} records</p>`,
      `<table border="1" cellpadding="4" cellspacing="0"><tr><th>Status</th><th>Records</th><th>Groups</th><th>Amount</th></tr>${statuses
        .map(
          ([s, e]) =>
            `<tr><td>${escapeHtml(s)}</td><td>${e.records}</td><td>${e.groups}</td><td>${escapeHtml(statusAmountText(e))}</td></tr>`,
        )
        .join('')}</table>`,
      `<p>Unreconciled: ${dashboard.unreconciled ?? '—'}</p>`,
    ];
    return { text, html, exceptions: (dashboard.unreconciled ?? 0) > 0 };
  }
  const sets = values.filter(isRowSet);
  if (sets.length === 0) return { text: [], html: [], exceptions: false };
  const columns = [...new Set(sets.flatMap((set) => set.columns))];
  const rows = sets.flatMap((set) => set.rows);
  const first = rows.slice(0, SUMMARY_ROWS);
  const text = [
    `${rows.length} ${rows.length === 1 ? 'row' : 'rows'}${rows.length > SUMMARY_ROWS ? `; the first ${SUMMARY_ROWS}:` : ':'}`,
    columns.join(' | '),
    ...first.map((row) => columns.map((c) => short(row[c])).join(' | ')),
  ];
  const html = [
    `<p>${rows.length} ${rows.length === 1 ? 'row' : 'rows'}${rows.length > SUMMARY_ROWS ? `; the first ${SUMMARY_ROWS}:` : ':'}</p>`,
    `<table border="1" cellpadding="4" cellspacing="0"><tr>${columns.map((c) => `<th>${escapeHtml(c)}</th>`).join('')}</tr>${first
      .map((row) => `<tr>${columns.map((c) => `<td>${escapeHtml(short(row[c]))}</td>`).join('')}</tr>`)
      .join('')}</table>`,
  ];
  return { text, html, exceptions: rows.length > 0 };
}

/** Notify: an e-mail per recipient through the outbox, and a notification for whoever started the run. */
export async function notify(
  env: BlockEnvironment,
  values: unknown[] | undefined,
  params: Record<string, unknown>,
): Promise<{ sent: NotifyResult }> {
  const subject = typeof params.subject === 'string' ? params.subject.trim() : '';
  if (!subject) throw new Error('Give the e-mail a subject');
  const recipients = recipientsOf(env, params.recipients);
  const message = typeof params.message === 'string' ? params.message.trim() : '';
  const summary = summaryOf(values ?? []);
  if (params.when === 'exceptions' && !summary.exceptions) {
    return { sent: { sent_to: [], subject, skipped: 'There were no unmatched items' } };
  }
  const text = [message, ...summary.text].filter(Boolean).join('\n\n');
  const html = [message ? `<p>${escapeHtml(message)}</p>` : '', ...summary.html].join('\n');
  const services = env.services;
  const deps = {
    db: env.db,
    config: { mail: services?.mail ?? { smtpUrl: undefined, from: 'Counterpart <no-reply@localhost>' } },
    log: services?.log ?? quietLog,
  };
  for (const to of recipients) {
    await sendMail(deps, {
      organizationId: env.organizationId,
      to,
      subject,
      text: text || subject,
      html: html || `<p>${escapeHtml(subject)}</p>`,
    });
  }
  if (env.actor.userId) {
    await notifyOwner(
      env.db,
      services?.bus ?? noBus,
      { organizationId: env.organizationId, userId: env.actor.userId },
      'workflow',
      {
        status: 'completed',
        message: `${subject} — sent to ${recipients.join(', ')}`,
      },
    );
  }
  return { sent: { sent_to: recipients, subject } };
}

const DOCUMENTS_LIMIT = 5_000;
const DOCUMENTS_PAGE = 500;

/** Documents: the drop box's documents chosen by type, status, age and name, as rows. */
export async function listDropBox(
  env: BlockEnvironment,
  params: Record<string, unknown>,
): Promise<{ documents: RowSet }> {
  const kind = DOCUMENT_KINDS.includes(params.kind as DocumentKind)
    ? (params.kind as DocumentKind)
    : undefined;
  const status = DOCUMENT_STATUSES.includes(params.status as DocumentStatus)
    ? (params.status as DocumentStatus)
    : params.status === 'any'
      ? undefined
      : 'processed';
  const days = Number(params.uploaded_within_days);
  const from =
    Number.isFinite(days) && days > 0 && params.uploaded_within_days !== ''
      ? new Date(Date.now() - Math.floor(days) * 86_400_000).toISOString().slice(0, 10)
      : undefined;
  const contains = typeof params.name_contains === 'string' ? params.name_contains.trim().toLowerCase() : '';
  const scope = {
    db: env.db,
    organizationId: env.organizationId,
    userId: env.actor.userId ?? '',
    actor: env.actor,
  };
  const rows: RowSet['rows'] = [];
  for (let pageNo = 1; rows.length < DOCUMENTS_LIMIT; pageNo++) {
    const page = await listDocuments(scope, {
      page_no: pageNo,
      page_size: DOCUMENTS_PAGE,
      kind,
      status,
      from,
      search: contains || undefined,
      sort: 'created_at',
      order: 'desc',
    });
    for (const doc of page.data) {
      // The search also looks in the text; the block asks about the name only.
      if (contains && !doc.file_name.toLowerCase().includes(contains)) continue;
      rows.push({
        document_id: doc.id,
        name: doc.file_name,
        type: doc.kind,
        status: doc.status,
        uploaded_at: doc.created_at,
      });
    }
    if (page.data.length < DOCUMENTS_PAGE) break;
  }
  return { documents: { columns: [...WORKFLOW_DOCUMENT_COLUMNS], rows: rows.slice(0, DOCUMENTS_LIMIT) } };
}

/** Why a block that needs an integration does not run: the message of its failure. */
export const UNAVAILABLE_BLOCKS: Readonly<Record<string, string>> = {
  integration: 'The Integration block needs an ERP integration, which this organization has not connected',
  post_to_erp: 'The Post to ERP block needs an ERP integration, which this organization has not connected',
};
