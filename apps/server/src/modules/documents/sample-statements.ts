/**
 * Small, real-looking bank statements for tests and the browser journey: a camt.053.001.02 of a
 * KES current account (opening 250,000.00, three entries, closing 322,949.75 — they add up) and an
 * MT940 of a EUR account as a bank exports it (saved as .txt in the tests), whose :86: lines carry
 * SEPA keywords.
 */

interface CamtEntry {
  ref: string;
  amount: string;
  credit: boolean;
  date: string;
  endToEnd: string;
  party: string;
  info: string;
}

const CAMT_ENTRIES: CamtEntry[] = [
  {
    ref: 'KCB2611010001',
    amount: '125000.00',
    credit: true,
    date: '2026-11-02',
    endToEnd: 'INV-2026-0412',
    party: 'Savannah Traders Ltd',
    info: 'Payment of invoice INV-2026-0412',
  },
  {
    ref: 'KCB2611030002',
    amount: '54300.25',
    credit: false,
    date: '2026-11-03',
    endToEnd: 'PO-7781',
    party: 'Nairobi Office Supplies',
    info: 'Stationery and toner, PO-7781',
  },
  {
    ref: 'KCB2611050003',
    amount: '2250.00',
    credit: true,
    date: '2026-11-05',
    endToEnd: 'INV-2026-0415',
    party: 'Mombasa Freight Co',
    info: 'Part payment INV-2026-0415',
  },
];

function camtEntry(entry: CamtEntry): string {
  const party = entry.credit
    ? `<RltdPties><Dbtr><Nm>${entry.party}</Nm></Dbtr></RltdPties>`
    : `<RltdPties><Cdtr><Nm>${entry.party}</Nm></Cdtr></RltdPties>`;
  return `      <Ntry>
        <Amt Ccy="KES">${entry.amount}</Amt>
        <CdtDbtInd>${entry.credit ? 'CRDT' : 'DBIT'}</CdtDbtInd>
        <Sts>BOOK</Sts>
        <BookgDt><Dt>${entry.date}</Dt></BookgDt>
        <ValDt><Dt>${entry.date}</Dt></ValDt>
        <AcctSvcrRef>${entry.ref}</AcctSvcrRef>
        <BkTxCd><Prtry><Cd>TRF</Cd></Prtry></BkTxCd>
        <NtryDtls>
          <TxDtls>
            <Refs><EndToEndId>${entry.endToEnd}</EndToEndId></Refs>
            ${party}
            <RmtInf><Ustrd>${entry.info}</Ustrd></RmtInf>
          </TxDtls>
        </NtryDtls>
      </Ntry>`;
}

/** camt.053: account 1100223344 (KES), 1–5 Nov 2026, opening 250,000.00 + 125,000.00 − 54,300.25 + 2,250.00. */
export function sampleCamt053(): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <BkToCstmrStmt>
    <GrpHdr>
      <MsgId>STMT-20261105-1100223344</MsgId>
      <CreDtTm>2026-11-05T18:00:00+03:00</CreDtTm>
    </GrpHdr>
    <Stmt>
      <Id>1100223344-2026-11-05</Id>
      <ElctrncSeqNb>45</ElctrncSeqNb>
      <CreDtTm>2026-11-05T18:00:00+03:00</CreDtTm>
      <FrToDt><FrDtTm>2026-11-01T00:00:00+03:00</FrDtTm><ToDtTm>2026-11-05T23:59:59+03:00</ToDtTm></FrToDt>
      <Acct>
        <Id><Othr><Id>1100223344</Id></Othr></Id>
        <Ccy>KES</Ccy>
        <Ownr><Nm>Counterpart Demo Ltd</Nm></Ownr>
      </Acct>
      <Bal>
        <Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp>
        <Amt Ccy="KES">250000.00</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <Dt><Dt>2026-11-01</Dt></Dt>
      </Bal>
      <Bal>
        <Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp>
        <Amt Ccy="KES">322949.75</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <Dt><Dt>2026-11-05</Dt></Dt>
      </Bal>
${CAMT_ENTRIES.map(camtEntry).join('\n')}
    </Stmt>
  </BkToCstmrStmt>
</Document>
`;
}

/** MT940: account DE89370400440532013000 (EUR), opening 1,000.00 − 120.50 + 2,400.00 = 3,279.50. */
export function sampleMt940(): string {
  return [
    '{1:F01COBADEFFAXXX0000000000}{2:I940COBADEFFXXXXN}{4:',
    ':20:STARTUMS',
    ':25:DE89370400440532013000',
    ':28C:00311/001',
    ':60F:C261109EUR1000,00',
    ':61:2611101110D120,50NDDTNONREF//BR26111000123',
    ':86:105?00SEPA-LASTSCHRIFT?20EREF+RE-2026-881?21SVWZ+Hosting November 2026?32HETZNER ONLINE GMBH',
    ':61:2611111111C2400,00NTRFNONREF//BR26111100456',
    ':86:166?00SEPA-GUTSCHRIFT?20EREF+INV-2026-0417?21SVWZ+Rechnung INV-2026-0417?32MUSTER HANDEL AG',
    ':62F:C261111EUR3279,50',
    '-}',
    '',
  ].join('\r\n');
}
