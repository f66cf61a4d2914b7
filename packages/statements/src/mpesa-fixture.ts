/**
 * Deterministic generator of realistic M-Pesa business (paybill) statements, for tests and benchmarks:
 * customer paybill payments in, B2C payments and transfers out, their charges (same receipt, reason
 * type "… Charge"), a few failed rows, running balances, newest row first, a preamble before the header.
 */

export interface MpesaFixtureOptions {
  rows: number;
  seed: number;
  shortCode?: string;
  /** First completion time, `yyyy-mm-dd hh:mm:ss`. */
  start?: string;
  /** In KES minor units. */
  openingBalanceMinor?: bigint;
}

export interface MpesaFixtureRow {
  receipt: string;
  completion: string;
  initiation: string;
  details: string;
  status: 'Completed' | 'Failed';
  /** Signed KES minor units (a failed row's attempted amount does not move the balance). */
  amountMinor: bigint;
  /** Balance after the row. */
  balanceMinor: bigint;
  reasonType: string;
  otherParty: string;
  linked: string;
  accountNo: string;
}

const FIRST = [
  'JOHN',
  'MARY',
  'PETER',
  'GRACE',
  'JAMES',
  'ANN',
  'DAVID',
  'FAITH',
  'JOSEPH',
  'MERCY',
  'SAMUEL',
  'ESTHER',
];
const LAST = [
  'KAMAU',
  'WANJIKU',
  'OTIENO',
  'ACHIENG',
  'MWANGI',
  'NJERI',
  'KIPROTICH',
  'CHEBET',
  'MUTUA',
  'WAMBUI',
];
const ORGS = [
  '600100 - KPLC PREPAID',
  '888880 - KENYA POWER',
  '247247 - EQUITY BANK',
  '522522 - KCB PAYBILL',
];
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** mulberry32: small, fast, deterministic. */
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

export function generateMpesaRows(options: MpesaFixtureOptions): MpesaFixtureRow[] {
  const next = random(options.seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const whole = (min: number, max: number) => BigInt(min + Math.floor(next() * (max - min + 1)));
  let balance = options.openingBalanceMinor ?? 25_000_000n;
  let clock = Date.parse(`${(options.start ?? '2024-03-01 08:00:00').replace(' ', 'T')}Z`);
  const used = new Set<string>();
  const receipt = () => {
    for (;;) {
      let id = 'SC';
      for (let index = 0; index < 8; index++) id += ALPHABET[Math.floor(next() * ALPHABET.length)];
      if (!used.has(id)) {
        used.add(id);
        return id;
      }
    }
  };
  const rows: MpesaFixtureRow[] = [];
  const push = (row: Omit<MpesaFixtureRow, 'balanceMinor'>) => {
    if (row.status === 'Completed') balance += row.amountMinor;
    rows.push({ ...row, balanceMinor: balance });
  };
  while (rows.length < options.rows) {
    clock += Number(whole(20, 900)) * 1000;
    const completion = new Date(clock).toISOString().slice(0, 19).replace('T', ' ');
    const initiation = new Date(clock - Number(whole(1, 9)) * 1000)
      .toISOString()
      .slice(0, 19)
      .replace('T', ' ');
    const phone = `2547${String(whole(10_000_000, 99_999_999))}`;
    const person = `${pick(FIRST)} ${pick(LAST)}`;
    const id = receipt();
    // Below KES 200,000 the float is topped up by customer payments first (no negative balances).
    const roll = balance < 20_000_000n ? next() * 0.62 : next();
    const base = { receipt: id, completion, initiation, linked: '' };
    if (roll < 0.62) {
      const invoice = `INV-${whole(1000, 9999)}`;
      const failed = next() < 0.03;
      push({
        ...base,
        details: `Pay Bill Online from ${phone} - ${person} Acc. ${invoice}`,
        status: failed ? 'Failed' : 'Completed',
        amountMinor: whole(50, 150_000) * 100n + (next() < 0.2 ? whole(1, 99) : 0n),
        reasonType: 'Pay Bill Online',
        otherParty: `${phone} - ${person}`,
        accountNo: invoice,
      });
      if (!failed && rows.length < options.rows) {
        push({
          ...base,
          details: 'Pay Bill Charge',
          status: 'Completed',
          amountMinor: -whole(0, 30) * 100n,
          reasonType: 'Pay Bill Charge',
          otherParty: '',
          linked: id,
          accountNo: '',
        });
      }
    } else if (roll < 0.9) {
      push({
        ...base,
        details: `Business Payment to ${phone} - ${person}`,
        status: 'Completed',
        amountMinor: -whole(100, 70_000) * 100n,
        reasonType: 'Business Payment',
        otherParty: `${phone} - ${person}`,
        accountNo: '',
      });
      if (rows.length < options.rows) {
        push({
          ...base,
          details: 'Business Payment Charge',
          status: 'Completed',
          amountMinor: -whole(0, 110) * 100n,
          reasonType: 'Business Payment Charge',
          otherParty: '',
          linked: id,
          accountNo: '',
        });
      }
    } else {
      const org = pick(ORGS);
      push({
        ...base,
        details: `Business Pay Bill to ${org} Acc. ${whole(10_000, 99_999)}`,
        status: 'Completed',
        amountMinor: -whole(500, 200_000) * 100n,
        reasonType: 'Business Pay Bill',
        otherParty: org,
        accountNo: '',
      });
    }
  }
  return rows;
}

export function formatKes(minor: bigint): string {
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(3, '0');
  const whole = digits.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${whole}.${digits.slice(-2)}`;
}

const HEADER = [
  'Receipt No.',
  'Completion Time',
  'Initiation Time',
  'Details',
  'Transaction Status',
  'Paid In',
  'Withdrawn',
  'Balance',
  'Balance Confirmed',
  'Reason Type',
  'Other Party Info',
  'Linked Transaction ID',
  'A/C No.',
];

function quote(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Writes rows (given oldest first) as the portal's CSV: preamble, header, newest row first, CRLF. */
export function writeMpesaStatementCsv(rows: MpesaFixtureRow[], shortCode = '600123'): string {
  const first = rows[0]?.completion ?? '';
  const last = rows[rows.length - 1]?.completion ?? '';
  const lines = [
    'Organization Name:,ACME DISTRIBUTORS LIMITED',
    `Short Code:,${shortCode}`,
    'Account:,Utility Account',
    `Time Period:,${quote(`From ${first} To ${last}`)}`,
    '',
    HEADER.join(','),
  ];
  for (const row of [...rows].reverse()) {
    const paidIn = row.amountMinor > 0n ? formatKes(row.amountMinor) : '';
    const withdrawn = row.amountMinor > 0n ? '' : formatKes(row.amountMinor);
    const cells = [
      row.receipt,
      row.completion,
      row.initiation,
      row.details,
      row.status,
      paidIn,
      withdrawn,
      formatKes(row.balanceMinor),
      'true',
      row.reasonType,
      row.otherParty,
      row.linked,
      row.accountNo,
    ];
    lines.push(cells.map(quote).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

export function generateMpesaStatementCsv(options: MpesaFixtureOptions): string {
  return writeMpesaStatementCsv(generateMpesaRows(options), options.shortCode);
}
