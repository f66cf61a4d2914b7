/**
 * Statement reading throughput: `npx tsx bench/statements-read.ts` (from packages/statements).
 * Reads a generated 100,000-row M-Pesa business statement, a synthetic 20,000-entry camt.053, a
 * synthetic 20,000-line MT940 and a synthetic 20,000-entry OFX 1.x; prints transactions per second,
 * best of 3 runs after a warm-up, by wall-clock time and by process CPU time (steadier on a busy machine).
 */
import { generateMpesaStatementCsv, readStatement } from '../src/index.ts';

function camt053(entries: number): string {
  const parts: string[] = [];
  let total = 0n;
  for (let index = 0; index < entries; index++) {
    const minor = BigInt(100 + ((index * 7919) % 500_000));
    const credit = index % 3 !== 0;
    total += credit ? minor : -minor;
    const amount = `${minor / 100n}.${String(minor % 100n).padStart(2, '0')}`;
    const day = String(1 + (index % 28)).padStart(2, '0');
    parts.push(`<Ntry><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>${credit ? 'CRDT' : 'DBIT'}</CdtDbtInd><Sts>BOOK</Sts>
<BookgDt><Dt>2024-03-${day}</Dt></BookgDt><ValDt><Dt>2024-03-${day}</Dt></ValDt><AcctSvcrRef>REF${index}</AcctSvcrRef>
<NtryDtls><TxDtls><Refs><EndToEndId>E2E-${index}</EndToEndId></Refs><RltdPties><${credit ? 'Dbtr' : 'Cdtr'}><Nm>Party ${index % 977}</Nm></${credit ? 'Dbtr' : 'Cdtr'}></RltdPties>
<RmtInf><Ustrd>Invoice ${index}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`);
  }
  const balance = (code: string, minor: bigint) =>
    `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${minor < 0n ? -minor / 100n : minor / 100n}.${String((minor < 0n ? -minor : minor) % 100n).padStart(2, '0')}</Amt><CdtDbtInd>${minor < 0n ? 'DBIT' : 'CRDT'}</CdtDbtInd><Dt><Dt>2024-03-01</Dt></Dt></Bal>`;
  const opening = 1_000_000n;
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><GrpHdr><MsgId>BENCH</MsgId><CreDtTm>2024-03-31T18:00:00</CreDtTm></GrpHdr>
<Stmt><Id>BENCH-1</Id><Acct><Id><IBAN>NL26VAYB8060476890</IBAN></Id><Ccy>EUR</Ccy></Acct>
${balance('OPBD', opening)}${balance('CLBD', opening + total)}
${parts.join('\n')}
</Stmt></BkToCstmrStmt></Document>`;
}

function mt940(lines: number): string {
  const out = [':20:BENCH', ':25:NL26VAYB8060476890', ':28C:1/1', ':60F:C240301EUR10000,00'];
  let total = 1_000_000n;
  for (let index = 0; index < lines; index++) {
    const minor = BigInt(100 + ((index * 7919) % 500_000));
    const credit = index % 3 !== 0;
    total += credit ? minor : -minor;
    const amount = `${minor / 100n},${String(minor % 100n).padStart(2, '0')}`;
    out.push(`:61:2403010301${credit ? 'C' : 'D'}${amount}NTRFNONREF//B${index}`);
    out.push(`:86:/EREF/E2E-${index}/NAME/Party ${index % 977}/REMI/Invoice ${index}`);
  }
  out.push(`:62F:C240331EUR${total / 100n},${String(total % 100n).padStart(2, '0')}`);
  return out.join('\r\n');
}

function ofx(count: number): string {
  const items: string[] = [];
  for (let index = 0; index < count; index++) {
    const minor = 100 + ((index * 7919) % 500_000);
    const sign = index % 3 === 0 ? '-' : '';
    items.push(
      `<STMTTRN>\n<TRNTYPE>${sign ? 'DEBIT' : 'CREDIT'}\n<DTPOSTED>20240301\n<TRNAMT>${sign}${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}\n<FITID>F${index}\n<NAME>Party ${index % 977}\n<MEMO>Invoice ${index}\n</STMTTRN>`,
    );
  }
  return `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX>\n<BANKMSGSRSV1>\n<STMTTRNRS>\n<STMTRS>\n<CURDEF>USD\n<BANKACCTFROM>\n<BANKID>1\n<ACCTID>ACC-1\n<ACCTTYPE>CHECKING\n</BANKACCTFROM>\n<BANKTRANLIST>\n${items.join('\n')}\n</BANKTRANLIST>\n<LEDGERBAL>\n<BALAMT>0.00\n<DTASOF>20240331\n</LEDGERBAL>\n</STMTRS>\n</STMTTRNRS>\n</BANKMSGSRSV1>\n</OFX>\n`;
}

function measure(label: string, text: string): void {
  readStatement(text); // warm-up
  let bestWall = Number.POSITIVE_INFINITY;
  let bestCpu = Number.POSITIVE_INFINITY;
  let result = readStatement(text);
  for (let run = 0; run < 3; run++) {
    const cpu = process.cpuUsage();
    const started = performance.now();
    result = readStatement(text);
    bestWall = Math.min(bestWall, performance.now() - started);
    const used = process.cpuUsage(cpu);
    bestCpu = Math.min(bestCpu, (used.user + used.system) / 1000);
  }
  const count = result.transactions.length;
  const rate = (ms: number) =>
    Math.round((count / ms) * 1000)
      .toLocaleString('en-US')
      .padStart(9);
  const checks = result.statements.map((s) => s.balance_check).join(',');
  console.log(
    `${label.padEnd(28)} ${String(count).padStart(6)} tx ${(text.length / 1_048_576).toFixed(1).padStart(5)} MiB | ` +
      `wall ${bestWall.toFixed(0).padStart(6)} ms ${rate(bestWall)} tx/s | cpu ${bestCpu.toFixed(0).padStart(6)} ms ${rate(bestCpu)} tx/s | ` +
      `balance ${checks}, errors ${result.errors.length}`,
  );
}

measure('M-Pesa CSV, 100,000 rows', generateMpesaStatementCsv({ rows: 100_000, seed: 42 }));
measure('camt.053, 20,000 entries', camt053(20_000));
measure('MT940, 20,000 lines', mt940(20_000));
measure('OFX (SGML), 20,000 entries', ofx(20_000));
