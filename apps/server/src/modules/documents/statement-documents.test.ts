import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiCall, type Json } from '../../../test/api-call.ts';
import { createPermissionCast, type TestOrganization } from '../../../test/organization-fixture.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { tableImports } from '../../db/schema.ts';
import { DROP_BOX, PARSER, upload, waitForDocument } from './documents-test-support.ts';
import { sampleCamt053, sampleMt940 } from './sample-statements.ts';

const FIXTURES = path.join(import.meta.dirname, '../../../../../packages/statements/fixtures');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));

let server: TestServer;
let call: ReturnType<typeof createApiCall>;
let org: TestOrganization;
let otherOrg: TestOrganization;
let adminToken: string;
let viewerToken: string;
let otherToken: string;

beforeAll(async () => {
  server = await startTestServer();
  call = createApiCall(server);
  ({
    org,
    otherOrg,
    tokens: { admin: adminToken, viewer: viewerToken, stranger: otherToken },
  } = await createPermissionCast(server, 'Statement documents'));
});
afterAll(() => server.close(), 120_000);

const asAdmin = (method: string, url: string) => call(method, url, adminToken, org.id);

/** Uploads one file and waits until it is processed (or failed). */
async function dropped(name: string, bytes: Buffer | string): Promise<Json> {
  const res = await upload(server, adminToken, org.id, [{ name, bytes }]);
  expect(res.status).toBe(201);
  return waitForDocument(server, adminToken, org.id, res.body.data[0].id, 60_000);
}

describe('statements in the drop box: detection', () => {
  it('recognises camt.053/054, MT940 and OFX by their content, whatever the extension', async () => {
    const res = await upload(server, adminToken, org.id, [
      { name: 'november.xml', bytes: sampleCamt053() },
      { name: 'export.txt', bytes: sampleMt940() },
      { name: 'card.csv', bytes: fixture('ofx/example1.ofx') },
      { name: 'notification.xml', bytes: fixture('camt/camt054.v2.xml') },
      { name: 'payments.txt', bytes: 'Date,Reference,Amount\n2026-11-01,INV-1,"1,200.00"\n' },
      { name: 'till.csv', bytes: fixture('mpesa/business-statement.csv') },
    ]);
    expect(res.status).toBe(201);
    expect(res.body.data.map((d: Json) => [d.file_name, d.kind, d.media_type])).toEqual([
      ['november.xml', 'camt053', 'application/xml'],
      ['export.txt', 'mt940', 'text/plain'],
      ['card.csv', 'ofx', 'application/x-ofx'],
      ['notification.xml', 'camt054', 'application/xml'],
      ['payments.txt', 'csv', 'text/csv'],
      // An M-Pesa CSV stays a CSV: its rows go to a table as they are.
      ['till.csv', 'csv', 'text/csv'],
    ]);
    const done = await Promise.all(
      res.body.data.map((d: Json) => waitForDocument(server, adminToken, org.id, d.id, 60_000)),
    );
    expect(done.map((d: Json) => [d.status, d.row_count])).toEqual([
      ['processed', 3],
      ['processed', 2],
      ['processed', 5],
      ['processed', expect.any(Number)],
      ['processed', 2],
      ['processed', expect.any(Number)],
    ]);
    expect(done[0].summary).toMatchObject({
      account: '1100223344',
      currency: 'KES',
      period_from: '2026-11-01',
      period_to: '2026-11-05',
      transactions: 3,
      unreadable: 0,
      first_text: '1100223344 · KES · 2026-11-01 to 2026-11-05 · 3 transactions',
    });
    const mt940 = await asAdmin('GET', `${DROP_BOX}?kind=mt940`);
    expect(mt940.body.data.map((d: Json) => d.file_name)).toEqual(['export.txt']);
    // Search reaches the transactions' counterparties and references.
    const search = await asAdmin('GET', `${DROP_BOX}?search=${encodeURIComponent('savannah traders')}`);
    expect(search.body.data.map((d: Json) => d.file_name)).toEqual(['november.xml']);
  });
});

describe('statements in the drop box: the parsed view', () => {
  it('gives a camt.053 statement: account, currency, period, balances and exact transactions', async () => {
    const doc = await dropped('camt053-november.xml', sampleCamt053());
    expect(doc.status).toBe('processed');
    const res = await asAdmin('GET', `${PARSER}/${doc.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      kind: 'statement',
      format: 'camt053',
      account: '1100223344',
      currency: 'KES',
      period_from: '2026-11-01',
      period_to: '2026-11-05',
      errors: [],
      warnings: [],
      total: 3,
      statements: [
        {
          id: '1100223344-2026-11-05',
          currency: 'KES',
          opening_minor: '25000000',
          closing_minor: '32294975',
          opening_date: '2026-11-01',
          closing_date: '2026-11-05',
          transaction_count: 3,
          balance_check: 'ok',
        },
      ],
    });
    expect(res.body.transactions).toEqual([
      {
        booking_date: '2026-11-02',
        value_date: '2026-11-02',
        amount_minor: '12500000',
        currency: 'KES',
        reference: 'INV-2026-0412',
        counterparty: 'Savannah Traders Ltd',
        narrative: 'Payment of invoice INV-2026-0412',
        bank_reference: 'KCB2611010001',
        line: expect.any(Number),
      },
      expect.objectContaining({ amount_minor: '-5430025', counterparty: 'Nairobi Office Supplies' }),
      expect.objectContaining({ amount_minor: '225000', reference: 'INV-2026-0415' }),
    ]);
    // Paged: the third transaction alone on page 2 of 2.
    const page2 = await asAdmin('GET', `${PARSER}/${doc.id}?page_no=2&page_size=2`);
    expect(page2.body.transactions.map((t: Json) => t.bank_reference)).toEqual(['KCB2611050003']);
    // A viewer reads it; another organization does not see it.
    expect((await call('GET', `${PARSER}/${doc.id}`, viewerToken, org.id)).status).toBe(200);
    expect((await call('GET', `${PARSER}/${doc.id}`, otherToken, otherOrg.id)).status).toBe(404);
  });

  it('gives an MT940 saved as .txt, with its :86: details and a 3-decimal currency exact', async () => {
    const doc = await dropped('mt940-export.txt', sampleMt940());
    const res = await asAdmin('GET', `${PARSER}/${doc.id}`);
    expect(res.body).toMatchObject({
      format: 'mt940',
      account: 'DE89370400440532013000',
      currency: 'EUR',
      statements: [{ opening_minor: '100000', closing_minor: '327950', balance_check: 'ok' }],
    });
    expect(
      res.body.transactions.map((t: Json) => [t.booking_date, t.amount_minor, t.reference, t.counterparty]),
    ).toEqual([
      ['2026-11-10', '-12050', 'RE-2026-881', 'HETZNER ONLINE GMBH'],
      ['2026-11-11', '240000', 'INV-2026-0417', 'MUSTER HANDEL AG'],
    ]);
    const bhd = await dropped(
      'bhd.sta',
      sampleMt940().replaceAll('EUR', 'BHD').replace('D120,50N', 'D120,505N').replace('3279,50', '3279,495'),
    );
    const read = await asAdmin('GET', `${PARSER}/${bhd.id}`);
    expect(read.body.transactions[0].amount_minor).toBe('-120505');
    expect(read.body.statements[0]).toMatchObject({ closing_minor: '3279495', balance_check: 'ok' });
  });

  it('lists a balance that does not add up, and entries that could not be read', async () => {
    const text = sampleCamt053().replace('<Amt Ccy="KES">54300.25</Amt>', '<Amt Ccy="KES">54300.2X</Amt>');
    const doc = await dropped('broken-entry.xml', text);
    expect(doc.status).toBe('processed');
    expect(doc.row_count).toBe(2);
    expect(doc.status_reason).toBe(
      '1 entry could not be read and is left out: Line 46: entry amount: "54300.2X" is not a decimal amount',
    );
    const res = await asAdmin('GET', `${PARSER}/${doc.id}`);
    expect(res.body.errors).toEqual([
      { line: 46, message: 'Line 46: entry amount: "54300.2X" is not a decimal amount' },
    ]);
    expect(res.body.statements[0].balance_check).toBe('mismatch');
    expect(res.body.warnings).toEqual([
      {
        line: 8,
        message:
          'Statement 1100223344-2026-11-05: opening balance 250000.00 KES + 2 entries 127250.00 KES = 377250.00 KES, but the closing balance is 322949.75 KES (difference -54300.25 KES)',
      },
    ]);
  });

  it('sends a statement to a table: the import recognises it as a statement', async () => {
    const doc = await dropped('to-table.xml', sampleCamt053().replaceAll('KCB26110', 'KCB36110'));
    const res = await asAdmin('POST', `${DROP_BOX}/${doc.id}/send_to_table`);
    expect(res.status).toBe(201);
    const [row] = await server.database.db
      .select()
      .from(tableImports)
      .where(eq(tableImports.id, res.body.import_id));
    expect(row).toMatchObject({ documentId: doc.id, format: 'statement' });
  });
});

describe('statements in the drop box: bad files', () => {
  it('fails a cut-short camt with the element left open and keeps the original', async () => {
    const whole = sampleCamt053();
    const cut = whole.slice(0, whole.indexOf('<NtryDtls>', whole.indexOf('KCB2611030002')));
    const doc = await dropped('cut.xml', cut);
    expect(doc.kind).toBe('camt053');
    expect(doc.status).toBe('failed');
    expect(doc.status_reason).toMatch(
      /^Line \d+: the XML ends before these elements are closed: Document > BkToCstmrStmt > Stmt > Ntry \(the file looks cut short\)$/,
    );
    const parsed = await asAdmin('GET', `${PARSER}/${doc.id}`);
    expect(parsed.status).toBe(409);
    expect(parsed.body.message).toContain('the file looks cut short');
    // Nothing stored is lost: the original is there, byte for byte.
    const original = await fetch(`${server.url}${DROP_BOX}/${doc.id}/original`, {
      headers: { authorization: `Bearer ${adminToken}`, organization: org.id },
    });
    expect(original.headers.get('content-type')).toBe('application/xml');
    expect(await original.text()).toBe(cut);
  });

  it('refuses entity expansion (billion laughs) and external entities without reading them', async () => {
    const entities = [
      ' <!ENTITY lol "lol">',
      ...Array.from({ length: 9 }, (_, i) => ` <!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`),
      ' <!ENTITY xxe SYSTEM "file:///etc/passwd">',
    ];
    const xml = sampleCamt053()
      .replace('<Document', `<!DOCTYPE Document [\n${entities.join('\n')}\n]>\n<Document`)
      .replace('<MsgId>STMT-20261105-1100223344', '<MsgId>&lol9;&xxe;');
    const started = process.cpuUsage();
    const doc = await dropped('laughs.xml', xml);
    expect(doc.status).toBe('failed');
    expect(doc.status_reason).toBe(
      'Line 2: the XML declares a DOCTYPE (entities); camt files have none, so it is not read',
    );
    expect(process.cpuUsage(started).user).toBeLessThan(5_000_000);
  });

  it('reads a huge MT940 line without hanging, and names a :61: it cannot read in a short reason', async () => {
    const long = sampleMt940().replace('SVWZ+Hosting November 2026', `SVWZ+${'Hosting '.repeat(500_000)}`);
    const doc = await dropped('long.txt', long);
    expect(doc.status).toBe('processed');
    const read = await asAdmin('GET', `${PARSER}/${doc.id}?page_size=1`);
    expect(read.body.transactions[0].narrative.length).toBeGreaterThan(4_000_000);

    const garbage = sampleMt940()
      .replace(':61:2611101110D120,50NDDTNONREF//BR26111000123', `:61:${'9'.repeat(3_000_000)}`)
      .replace(/:61:2611111111C2400,00NTRF[^\r]*\r\n:86:[^\r]*\r\n/, '');
    const bad = await dropped('garbage.txt', garbage);
    expect(bad.status).toBe('failed');
    expect(bad.status_reason).toMatch(/^Line 6: /);
    expect(bad.status_reason.length).toBeLessThanOrEqual(300);
  });

  it('refuses NUL bytes: 415 at the top of the file, a failed document further in', async () => {
    const early = Buffer.from(sampleMt940().replace(':25:', ':25:\0'), 'latin1');
    const res = await upload(server, adminToken, org.id, [{ name: 'nul.sta', bytes: early }]);
    expect(res.status).toBe(415);
    expect(res.body.message).toMatch(
      /^nul\.sta: looks like a bank statement \(MT940\) but holds a NUL byte at byte \d+: a statement is plain text$/,
    );
    const filler = `:86:${'x'.repeat(70_000)}\r\n`;
    const late = sampleMt940().replace(':62F:', `${filler}:86:a\0b\r\n:62F:`);
    const doc = await dropped('late-nul.sta', late);
    expect(doc.status).toBe('failed');
    expect(doc.status_reason).toBe('Line 11: a NUL character: a bank statement is plain text');
  });
});
