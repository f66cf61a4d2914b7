import { type Invoice, isoDay, YEAR } from './ledger.ts';
import type { StatementRow } from './statement.ts';

export const STATEMENT_HEADER =
  'Receipt No.,Completion Time,Initiation Time,Details,Transaction Status,Paid In,Withdrawn,Balance,Balance Confirmed,Reason Type,Other Party Info,Linked Transaction ID,A/C No.';
export const ERP_HEADER =
  'Invoice No,Invoice Date,Due Date,Customer Code,Customer Name,Customer Phone,Net Amount,VAT 16%,Total,Currency,Status';
export const TRUTH_HEADER = 'receipt_no,invoice_nos,kind';

function cell(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

function line(cells: string[]): string {
  return `${cells.map(cell).join(',')}\n`;
}

/** Cents as `12,500.00` (with thousands commas, as the portal writes them) or `12500.00` (as the ERP does). */
export function formatCents(cents: bigint, thousands: boolean): string {
  const negative = cents < 0n;
  const absolute = negative ? -cents : cents;
  const whole = (absolute / 100n).toString();
  const fraction = (absolute % 100n).toString().padStart(2, '0');
  const grouped = thousands ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : whole;
  return `${negative ? '-' : ''}${grouped}.${fraction}`;
}

export function formatTime(secondsSinceYearStart: number): string {
  return new Date(Date.UTC(YEAR, 0, 1, 0, 0, secondsSinceYearStart))
    .toISOString()
    .slice(0, 19)
    .replace('T', ' ');
}

/** The portal's export: preamble, header, then the rows newest first (Withdrawn written negative). */
export function statementCsv(
  rows: StatementRow[],
  meta: { organisation: string; shortCode: string; period: string },
): string {
  let out = line(['M-PESA Organisation Statement']);
  out += line([`Organisation Name: ${meta.organisation}`]);
  out += line([`Short Code: ${meta.shortCode}`]);
  out += line([`Statement Period: ${meta.period}`]);
  out += line(['Account: Utility Account']);
  out += '\n';
  out += `${STATEMENT_HEADER}\n`;
  for (let index = rows.length - 1; index >= 0; index--) {
    const row = rows[index]!;
    out += line([
      row.receipt,
      formatTime(row.time),
      formatTime(row.initiation),
      row.details,
      'Completed',
      row.paidIn > 0n ? formatCents(row.paidIn, true) : '',
      row.withdrawn > 0n ? formatCents(-row.withdrawn, true) : '',
      formatCents(row.balance, true),
      'true',
      row.reason,
      row.party,
      row.linked,
      row.accountNo,
    ]);
  }
  return out;
}

/** The ERP's AR invoice export (Odoo/SAP B1 style): ISO dates, plain 2-decimal amounts, all still Open. */
export function erpCsv(invoices: Invoice[]): string {
  let out = `${ERP_HEADER}\n`;
  for (const invoice of invoices) {
    out += line([
      invoice.number,
      isoDay(invoice.day),
      isoDay(invoice.dueDay),
      invoice.customer.code,
      invoice.customer.erpName,
      invoice.customer.erpPhone,
      formatCents(invoice.net, false),
      formatCents(invoice.vat, false),
      formatCents(invoice.total, false),
      'KES',
      'Open',
    ]);
  }
  return out;
}

/** One line per true link group (a receipt and the invoices it pays), per unrelated receipt, per unpaid invoice. */
export function truthCsv(rows: StatementRow[], unpaid: Invoice[]): string {
  let out = `${TRUTH_HEADER}\n`;
  const written = new Set<string>();
  for (const row of rows) {
    if (written.has(row.receipt)) continue;
    written.add(row.receipt);
    const payment = row.payment;
    if (payment && payment.kind !== 'unrelated') {
      out += line([row.receipt, payment.invoices.map((invoice) => invoice.number).join('|'), payment.kind]);
    } else {
      out += line([row.receipt, '', 'unrelated']);
    }
  }
  for (const invoice of unpaid) out += line(['', invoice.number, 'unpaid']);
  return out;
}
