/**
 * Deterministic personal M-Pesa statements laid out as Safaricom's PDF is (title, customer block,
 * summary, then the DETAILED STATEMENT table, newest row first, long details wrapped onto a second
 * line, amounts right-aligned), as positioned text for a PDF writer. Tests and benchmarks only.
 */

export interface PositionedText {
  text: string;
  /** Points from the left edge. */
  x: number;
  /** Points from the top edge. */
  y: number;
  size: number;
}

export interface MpesaPersonalRow {
  receipt: string;
  /** `yyyy-mm-dd hh:mm:ss` */
  completion: string;
  details: string;
  status: 'COMPLETED' | 'FAILED';
  /** Signed KES minor units. */
  amountMinor: bigint;
  balanceMinor: bigint;
}

export interface MpesaPersonalStatement {
  customer: string;
  mobile: string;
  period: string;
  rows: MpesaPersonalRow[];
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const PEOPLE = [
  'JOHN KAMAU',
  'MARY WANJIKU',
  'PETER OTIENO',
  'GRACE ACHIENG',
  'JAMES MWANGI',
  'FAITH CHEBET',
];
const BILLS = [
  '888880 - KENYA POWER Acc. 54410021',
  '247247 - EQUITY BANK Acc. 0170199',
  '522522 - KCB PAYBILL Acc. 1129',
];

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A month of a person's M-Pesa use: money received, transfers, bills, their charges; newest first. */
export function generateMpesaPersonalStatement(seed: number, count: number): MpesaPersonalStatement {
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const rows: MpesaPersonalRow[] = [];
  let balance = 1_250_000n;
  let clock = Date.parse('2026-10-01T07:00:00Z');
  const receipt = () => {
    let id = 'TJ';
    for (let i = 0; i < 8; i++) id += ALPHABET[Math.floor(next() * ALPHABET.length)];
    return id;
  };
  while (rows.length < count) {
    clock += Math.floor(600 + next() * 40_000) * 1000;
    const completion = new Date(clock).toISOString().slice(0, 19).replace('T', ' ');
    const phone = `07${Math.floor(10 + next() * 89)}***${Math.floor(100 + next() * 899)}`;
    const roll = next();
    const push = (details: string, amountMinor: bigint, status: MpesaPersonalRow['status'] = 'COMPLETED') => {
      if (status === 'COMPLETED') balance += amountMinor;
      rows.push({ receipt: receipt(), completion, details, status, amountMinor, balanceMinor: balance });
    };
    if (roll < 0.4 || balance < 300_000n) {
      push(`Funds received from ${phone} - ${pick(PEOPLE)}`, BigInt(Math.floor(50 + next() * 3000)) * 100n);
    } else if (roll < 0.75) {
      const amount = BigInt(Math.floor(20 + next() * 1500)) * 100n;
      push(`Customer Transfer to ${phone} - ${pick(PEOPLE)}`, -amount);
      push('Customer Transfer of Funds Charge', amount > 50_000n ? -1_300n : -700n);
    } else if (roll < 0.97) {
      push(`Pay Bill Online to ${pick(BILLS)}`, -BigInt(Math.floor(100 + next() * 2500)) * 100n);
    } else {
      push(
        `Customer Transfer to ${phone} - ${pick(PEOPLE)}`,
        -BigInt(Math.floor(20 + next() * 500)) * 100n,
        'FAILED',
      );
    }
  }
  return {
    customer: 'AMINA OTIENO',
    mobile: '254712345678',
    period: '01 Oct 2026 - 31 Oct 2026',
    rows: rows.slice(0, count).reverse(),
  };
}

/** Helvetica advance widths (per 1,000 em) of the characters amounts use; others are taken as 556. */
const WIDTHS: Record<string, number> = { ',': 278, '.': 278, '-': 333, ' ': 278 };
export function helveticaWidth(text: string, size: number): number {
  let units = 0;
  for (const char of text) units += WIDTHS[char] ?? 556;
  return (units * size) / 1000;
}

function money(minor: bigint): string {
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  const whole = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${whole}.${(abs % 100n).toString().padStart(2, '0')}`;
}

const SIZE = 7;
const ROW_HEIGHT = 11;
/** Left edges of the text columns and right edges of the money columns (A4 landscape-ish width 842). */
const X = {
  receipt: 24,
  completion: 96,
  details: 190,
  status: 470,
  paidIn: 640,
  withdrawn: 720,
  balance: 810,
};
const DETAILS_CHARS = 62;

function wrap(text: string): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(' ')) {
    if (current && `${current} ${word}`.length > DETAILS_CHARS) {
      lines.push(current);
      current = word;
    } else current = current ? `${current} ${word}` : word;
  }
  if (current) lines.push(current);
  return lines;
}

/** The statement's pages as positioned text: `rowsPerPage` table rows per page. */
export function mpesaPersonalStatementPages(
  statement: MpesaPersonalStatement,
  rowsPerPage = 25,
): PositionedText[][] {
  const pages: PositionedText[][] = [];
  const right = (text: string, edge: number, y: number): PositionedText => ({
    text,
    x: edge - helveticaWidth(text, SIZE),
    y,
    size: SIZE,
  });
  for (let start = 0; start < statement.rows.length || start === 0; start += rowsPerPage) {
    const texts: PositionedText[] = [];
    let y = 40;
    if (start === 0) {
      texts.push({ text: 'M-PESA STATEMENT', x: 24, y, size: 14 });
      y += 24;
      texts.push({ text: `Customer Name: ${statement.customer}`, x: 24, y, size: 9 });
      y += 13;
      texts.push({ text: `Mobile Number: ${statement.mobile}`, x: 24, y, size: 9 });
      y += 13;
      texts.push({ text: `Statement Period: ${statement.period}`, x: 24, y, size: 9 });
      y += 13;
      texts.push({ text: 'Request Date: 01 Nov 2026', x: 24, y, size: 9 });
      y += 22;
      texts.push({ text: 'SUMMARY', x: 24, y, size: 9 });
      y += 13;
      const paidIn = statement.rows.filter((r) => r.status === 'COMPLETED' && r.amountMinor > 0n);
      const paidOut = statement.rows.filter((r) => r.status === 'COMPLETED' && r.amountMinor < 0n);
      const sum = (list: MpesaPersonalRow[]) => list.reduce((total, r) => total + r.amountMinor, 0n);
      texts.push(
        { text: 'TRANSACTION TYPE', x: 24, y, size: SIZE },
        right('PAID IN', 300, y),
        right('PAID OUT', 380, y),
      );
      y += ROW_HEIGHT;
      texts.push(
        { text: 'TOTAL:', x: 24, y, size: SIZE },
        right(money(sum(paidIn)), 300, y),
        right(money(-sum(paidOut)), 380, y),
      );
      y += 22;
      texts.push({ text: 'DETAILED STATEMENT', x: 24, y, size: 9 });
      y += 14;
    }
    texts.push(
      { text: 'Receipt No.', x: X.receipt, y, size: SIZE },
      { text: 'Completion Time', x: X.completion, y, size: SIZE },
      { text: 'Details', x: X.details, y, size: SIZE },
      { text: 'Transaction Status', x: X.status, y, size: SIZE },
      right('Paid In', X.paidIn, y),
      right('Withdrawn', X.withdrawn, y),
      right('Balance', X.balance, y),
    );
    y += ROW_HEIGHT + 2;
    for (const row of statement.rows.slice(start, start + rowsPerPage)) {
      const [first, ...rest] = wrap(row.details);
      texts.push(
        { text: row.receipt, x: X.receipt, y, size: SIZE },
        { text: row.completion, x: X.completion, y, size: SIZE },
        { text: first ?? '', x: X.details, y, size: SIZE },
        { text: row.status, x: X.status, y, size: SIZE },
      );
      if (row.amountMinor > 0n) texts.push(right(money(row.amountMinor), X.paidIn, y));
      else texts.push(right(money(row.amountMinor), X.withdrawn, y));
      texts.push(right(money(row.balanceMinor), X.balance, y));
      y += ROW_HEIGHT;
      for (const more of rest) {
        texts.push({ text: more, x: X.details, y, size: SIZE });
        y += ROW_HEIGHT;
      }
    }
    y += 10;
    texts.push({ text: `Page ${pages.length + 1}`, x: 400, y: 570, size: 7 });
    pages.push(texts);
  }
  return pages;
}
