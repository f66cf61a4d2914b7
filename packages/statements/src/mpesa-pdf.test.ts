import { describe, expect, it } from 'vitest';
import { readMpesaCsv } from './mpesa-csv.ts';
import { isMpesaPdf, mpesaPdfToCsv, type PdfLine } from './mpesa-pdf.ts';
import {
  generateMpesaPersonalStatement,
  helveticaWidth,
  mpesaPersonalStatementPages,
  type PositionedText,
} from './mpesa-pdf-fixture.ts';

/** What a PDF text layer gives: runs on the same baseline form a line, split into words. */
function asLines(texts: PositionedText[]): PdfLine[] {
  const byY = new Map<number, PositionedText[]>();
  for (const text of texts) byY.set(text.y, [...(byY.get(text.y) ?? []), text]);
  return [...byY.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, runs]) => ({
      words: runs
        .sort((a, b) => a.x - b.x)
        .flatMap((run) => {
          const words: PdfLine['words'] = [];
          for (const match of run.text.matchAll(/\S+/g)) {
            words.push({
              text: match[0],
              x: run.x + helveticaWidth(run.text.slice(0, match.index), run.size),
              width: helveticaWidth(match[0], run.size),
            });
          }
          return words;
        }),
    }));
}

describe('personal M-Pesa statement PDF text', () => {
  const statement = generateMpesaPersonalStatement(7, 60);
  const pages = mpesaPersonalStatementPages(statement).map(asLines);

  it('is recognised, and other text is not', () => {
    expect(isMpesaPdf(pages)).toBe(true);
    expect(isMpesaPdf([[{ words: [{ text: 'INVOICE', x: 10, width: 30 }] }]])).toBe(false);
  });

  it('reads every row of every page, wrapped details joined, into the M-Pesa CSV layout', () => {
    expect(pages.length).toBeGreaterThan(2);
    const read = mpesaPdfToCsv(pages);
    expect(read).toMatchObject({ rows: 60, customer: 'AMINA OTIENO', mobile: '254712345678' });
    const csv = readMpesaCsv(read.csv, 'KES');
    expect(csv.errors).toEqual([]);
    const completed = statement.rows.filter((row) => row.status === 'COMPLETED');
    expect(csv.transactions.map((tx) => [tx.bank_reference, tx.amount_minor, tx.narrative])).toEqual(
      completed.map((row) => [row.receipt, row.amountMinor.toString(), row.details]),
    );
    // Failed rows are reported, not imported; running balances are kept for the balance check.
    expect(csv.warnings.filter((w) => w.code === 'skipped_line')).toHaveLength(
      statement.rows.length - completed.length,
    );
    expect(csv.balances.map((b) => b.minor)).toEqual(completed.map((row) => row.balanceMinor));
  });

  it('a text layer without the detailed table gives no rows', () => {
    expect(mpesaPdfToCsv([[{ words: [{ text: 'M-PESA', x: 10, width: 30 }] }]]).rows).toBe(0);
  });
});
