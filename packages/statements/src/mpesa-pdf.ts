/**
 * The personal M-Pesa statement (the PDF Safaricom mails, opened with the customer's ID number) read
 * from its text layer: the "DETAILED STATEMENT" table (Receipt No., Completion Time, Details,
 * Transaction Status, Paid In, Withdrawn, Balance) becomes the M-Pesa CSV layout that
 * `readMpesaCsv` reads, so duplicates (receipt numbers), balance checks and the import stay one path.
 * The caller extracts the words with their positions (pdfjs on the server); nothing here opens PDFs.
 */

/** A word of a page, x and width in page points (the left edge of the page is 0). */
export interface PdfWord {
  text: string;
  x: number;
  width: number;
}

/** One printed line of a page, words left to right; pages' lines top to bottom. */
export interface PdfLine {
  words: PdfWord[];
}

export interface MpesaPdfRead {
  /** M-Pesa CSV: a preamble line with the customer, then the header and one row per receipt. */
  csv: string;
  rows: number;
  customer: string | null;
  mobile: string | null;
  period: string | null;
}

const LABELS = [
  { key: 'receipt', words: ['receipt', 'no.'] },
  { key: 'completion', words: ['completion', 'time'] },
  { key: 'details', words: ['details'] },
  { key: 'status', words: ['transaction', 'status'] },
  { key: 'paidIn', words: ['paid', 'in'] },
  { key: 'withdrawn', words: ['withdrawn'] },
  { key: 'balance', words: ['balance'] },
] as const;
type Key = (typeof LABELS)[number]['key'];
const NUMERIC: readonly Key[] = ['paidIn', 'withdrawn', 'balance'];

interface Column {
  key: Key;
  left: number;
  right: number;
}

const RECEIPT = /^[A-Z0-9]{10}$/;
const AMOUNT = /^-?[\d,]+\.\d{2}$/;

function fold(text: string): string {
  return text.toLowerCase().replace(/[:]+$/, '');
}

/** The columns of a header line, or null when the line is not the detailed statement's header. */
function headerColumns(line: PdfLine): Column[] | null {
  const words = line.words.map((w) => fold(w.text));
  const columns: Column[] = [];
  for (const label of LABELS) {
    const at = words.findIndex((_, index) =>
      label.words.every(
        (word, offset) => words[index + offset] === word.replace('.', '') || words[index + offset] === word,
      ),
    );
    if (at === -1) return null;
    const first = line.words[at]!;
    const last = line.words[at + label.words.length - 1]!;
    columns.push({ key: label.key, left: first.x, right: last.x + last.width });
  }
  return columns;
}

/**
 * Which column a word is in: amounts are right-aligned under their heading (nearest right edge
 * among the money columns); everything else is left-aligned (the last heading starting at or
 * before the word).
 */
function columnOf(word: PdfWord, columns: Column[]): Key {
  if (AMOUNT.test(word.text)) {
    const right = word.x + word.width;
    let best: Column | null = null;
    for (const column of columns) {
      if (!NUMERIC.includes(column.key)) continue;
      if (!best || Math.abs(column.right - right) < Math.abs(best.right - right)) best = column;
    }
    if (best) return best.key;
  }
  let chosen: Column = columns[0]!;
  for (const column of columns) if (column.left <= word.x + 2) chosen = column;
  return chosen.key;
}

function lineText(line: PdfLine): string {
  return line.words.map((w) => w.text).join(' ');
}

/** `Customer Name: JOHN DOE` → `JOHN DOE` from the first lines of the first page. */
function field(lines: PdfLine[], label: RegExp): string | null {
  for (const line of lines) {
    const match = label.exec(lineText(line));
    if (match?.[1]) return match[1].trim();
  }
  return null;
}

function csvCell(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** True when the text layer looks like a personal M-Pesa statement. */
export function isMpesaPdf(pages: PdfLine[][]): boolean {
  const first = (pages[0] ?? []).slice(0, 40).map(lineText).join('\n');
  return /m-?pesa statement/i.test(first) || pages.some((lines) => lines.some((line) => headerColumns(line)));
}

/**
 * Reads every page's detailed-statement rows. A row starts with a receipt number in the first
 * column; lines without one continue the Details of the row above (long details wrap). The
 * summary table (no receipt numbers) and page furniture are skipped.
 */
export function mpesaPdfToCsv(pages: PdfLine[][]): MpesaPdfRead {
  const firstLines = (pages[0] ?? []).slice(0, 40);
  const customer = field(firstLines, /customer name\s*:?\s*(.+)$/i);
  const mobile = field(firstLines, /mobile number\s*:?\s*(\+?\d[\d ]+)/i);
  const period = field(firstLines, /statement period\s*:?\s*(.+)$/i);
  const records: Record<Key, string>[] = [];
  let columns: Column[] | null = null;
  for (const lines of pages) {
    let current: Record<Key, string> | null = null;
    for (const line of lines) {
      const header = headerColumns(line);
      if (header) {
        columns = header;
        current = null;
        continue;
      }
      if (!columns || line.words.length === 0) continue;
      const cells: Record<Key, string[]> = {
        receipt: [],
        completion: [],
        details: [],
        status: [],
        paidIn: [],
        withdrawn: [],
        balance: [],
      };
      for (const word of line.words) cells[columnOf(word, columns)].push(word.text);
      const receipt = cells.receipt.join(' ');
      if (RECEIPT.test(receipt) && cells.completion.length > 0) {
        current = {
          receipt,
          completion: cells.completion.join(' '),
          details: cells.details.join(' '),
          status: cells.status.join(' '),
          paidIn: cells.paidIn.join(''),
          withdrawn: cells.withdrawn.join(''),
          balance: cells.balance.join(''),
        };
        records.push(current);
      } else if (
        current &&
        cells.receipt.length === 0 &&
        onlyDetails(cells) &&
        startsUnderDetails(line, columns)
      ) {
        current.details = `${current.details} ${cells.details.join(' ')}`.trim();
      } else {
        // A line outside the table (a page footer, "Disclaimer", the next section): rows end here.
        current = null;
      }
    }
  }
  const header = [
    'Receipt No.',
    'Completion Time',
    'Details',
    'Transaction Status',
    'Paid In',
    'Withdrawn',
    'Balance',
  ];
  const out = [
    csvCell(`M-PESA statement of ${customer ?? 'unknown customer'}${mobile ? ` (${mobile})` : ''}`),
    header.join(','),
  ];
  for (const record of records) {
    out.push(
      [
        record.receipt,
        record.completion,
        record.details,
        record.status,
        record.paidIn,
        record.withdrawn,
        record.balance,
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return { csv: `${out.join('\n')}\n`, rows: records.length, customer, mobile, period };
}

/** Wrapped details start where the Details column starts (a page number or footer does not). */
function startsUnderDetails(line: PdfLine, columns: Column[]): boolean {
  const details = columns.find((column) => column.key === 'details');
  const first = line.words[0];
  return !!details && !!first && Math.abs(first.x - details.left) <= 4;
}

function onlyDetails(cells: Record<Key, string[]>): boolean {
  return (
    cells.details.length > 0 &&
    cells.completion.length === 0 &&
    cells.paidIn.length === 0 &&
    cells.withdrawn.length === 0 &&
    cells.balance.length === 0
  );
}
