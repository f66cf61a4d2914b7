import { decimalToMinor } from './amount.ts';
import { isoDatePrefix } from './dates.ts';
import type { DraftTransaction, StatementError, StatementWarning } from './transaction.ts';
import { all, at, attribute, text, texts, type XmlNode } from './xml-node.ts';

export interface EntryContext {
  line: number;
  account: string | null;
  /** The statement's currency, for amounts without a Ccy attribute. */
  currency: string;
  statementId: string;
  /** The statement's creation date: the last resort for an entry with no booking or value date. */
  fallbackDate: string | null;
  warnings: StatementWarning[];
  errors: StatementError[];
}

interface Money {
  minor: bigint;
  currency: string;
}

/**
 * One camt entry (Ntry) → transactions. Its sign comes from CdtDbtInd (for a reversal, RvslInd=true,
 * CdtDbtInd already states the direction of the reversing booking). With several transaction details
 * (TxDtls) whose signed amounts, in the entry's currency, add up to the entry's amount, each detail is
 * a transaction; otherwise the entry is one transaction carrying its details' references and texts.
 */
export function readCamtEntry(entry: XmlNode, context: EntryContext): DraftTransaction[] {
  const { line } = context;
  const status = text(entry, 'Sts', 'Cd') || text(entry, 'Sts');
  if (status && status !== 'BOOK') {
    context.warnings.push({
      code: 'skipped_entry',
      line,
      message: `Line ${line}: entry with status ${status} (not booked) is not imported`,
    });
    return [];
  }
  const amount = readMoney(at(entry, 'Amt'), text(entry, 'CdtDbtInd'), context.currency);
  if (typeof amount === 'string') return entryError(context, `entry amount: ${amount}`);
  let bookingDate = isoDatePrefix(text(entry, 'BookgDt', 'Dt') || text(entry, 'BookgDt', 'DtTm'));
  const valueDate = isoDatePrefix(text(entry, 'ValDt', 'Dt') || text(entry, 'ValDt', 'DtTm'));
  if (!bookingDate) {
    bookingDate = valueDate ?? context.fallbackDate;
    if (!bookingDate)
      return entryError(context, 'the entry has no booking date, value date or statement date');
    context.warnings.push({
      code: 'date_fallback',
      line,
      message: `Line ${line}: the entry has no booking date; ${valueDate ? 'its value date' : 'the statement date'} ${bookingDate} is used`,
    });
  }
  const details: XmlNode[] = [];
  for (const block of all(entry, 'NtryDtls')) details.push(...all(block, 'TxDtls'));
  const entryRef = text(entry, 'AcctSvcrRef');
  const common: Record<string, string> = { statement_id: context.statementId };
  if (text(entry, 'RvslInd') === 'true') common.reversal = 'true';
  const code = transactionCode(at(entry, 'BkTxCd'));
  if (code) common.bank_transaction_code = code;
  const entryInfo = text(entry, 'AddtlNtryInf');
  const credit = amount.minor >= 0n;

  const splitAmounts = details.length > 1 ? splitAmountsOf(details, amount) : null;
  if (details.length > 1 && !splitAmounts) {
    context.warnings.push({
      code: 'details_not_split',
      line,
      message: `Line ${line}: the ${details.length} transaction details' amounts do not add up to the entry amount in ${amount.currency}, so the entry is kept as one transaction`,
    });
  }
  const drafts: DraftTransaction[] = [];
  if (splitAmounts) {
    for (let index = 0; index < details.length; index++) {
      const detail = details[index]!;
      const info = readDetail(detail, credit);
      const ownRef = text(detail, 'Refs', 'AcctSvcrRef');
      drafts.push({
        booking_date: bookingDate,
        value_date: valueDate,
        amount_minor: splitAmounts[index]!.toString(),
        currency: amount.currency,
        reference: info.reference,
        counterparty: info.counterparty,
        narrative: joinDistinct([info.narrative, entryInfo]),
        bank_reference: ownRef || entryRef,
        natural_key: entryRef ? `${entryRef}/${index + 1}` : ownRef || text(detail, 'Refs', 'UETR') || null,
        account: context.account,
        line,
        extra: { ...common, ...info.extra, detail_index: String(index + 1) },
      });
    }
    return drafts;
  }
  let reference = '';
  const counterparties: string[] = [];
  const narratives: string[] = [];
  let extra = common;
  for (const detail of details) {
    const info = readDetail(detail, credit);
    reference ||= info.reference;
    counterparties.push(info.counterparty);
    narratives.push(info.narrative);
    if (details.length === 1) extra = { ...common, ...info.extra };
  }
  narratives.push(entryInfo);
  const single = details.length === 1 ? details[0] : undefined;
  const singleRef = single ? text(single, 'Refs', 'AcctSvcrRef') : '';
  drafts.push({
    booking_date: bookingDate,
    value_date: valueDate,
    amount_minor: amount.minor.toString(),
    currency: amount.currency,
    reference: reference || text(entry, 'NtryRef'),
    counterparty: joinDistinct(counterparties),
    narrative: joinDistinct(narratives),
    bank_reference: entryRef || singleRef,
    natural_key: entryRef || singleRef || (single ? text(single, 'Refs', 'UETR') : '') || null,
    account: context.account,
    line,
    extra,
  });
  return drafts;
}

function entryError(context: EntryContext, message: string): DraftTransaction[] {
  context.errors.push({ line: context.line, message: `Line ${context.line}: ${message}` });
  return [];
}

/** The details' signed amounts when each is in the entry's currency and they add up to it, else null. */
function splitAmountsOf(details: XmlNode[], entry: Money): bigint[] | null {
  const amounts: bigint[] = [];
  let sum = 0n;
  for (const detail of details) {
    const value = detailAmount(detail, entry);
    if (typeof value === 'string' || value.currency !== entry.currency) return null;
    amounts.push(value.minor);
    sum += value.minor;
  }
  return sum === entry.minor ? amounts : null;
}

function readMoney(node: XmlNode, indicator: string, fallbackCurrency: string): Money | string {
  const value = text(node);
  if (!value) return 'the amount is missing';
  const currency = attribute(node, 'Ccy') || fallbackCurrency;
  if (indicator !== 'CRDT' && indicator !== 'DBIT')
    return `CdtDbtInd "${indicator}" is neither CRDT nor DBIT`;
  const parsed = decimalToMinor(value, currency);
  if (!parsed.ok) return parsed.reason;
  if (parsed.minor < 0n) return `"${value}" is negative (the sign belongs in CdtDbtInd)`;
  return { minor: indicator === 'DBIT' ? -parsed.minor : parsed.minor, currency };
}

function detailAmount(detail: XmlNode, entry: Money): Money | string {
  const node = at(detail, 'Amt') ?? at(detail, 'AmtDtls', 'TxAmt', 'Amt');
  if (!text(node)) return 'no amount';
  const indicator = text(detail, 'CdtDbtInd') || (entry.minor < 0n ? 'DBIT' : 'CRDT');
  return readMoney(node, indicator, entry.currency);
}

const REFERENCE_EXTRAS = [
  ['InstrId', 'instruction_id'],
  ['TxId', 'transaction_id'],
  ['MndtId', 'mandate_id'],
  ['UETR', 'uetr'],
] as const;

function readDetail(detail: XmlNode, credit: boolean) {
  const refs = at(detail, 'Refs');
  const endToEnd = text(refs, 'EndToEndId');
  const remittance = at(detail, 'RmtInf');
  const structured = all(remittance, 'Strd');
  let creditorRef = '';
  const narratives = [texts(remittance, 'Ustrd').join(' ')];
  for (const block of structured) {
    creditorRef ||= text(block, 'CdtrRefInf', 'Ref');
    narratives.push(...texts(block, 'AddtlRmtInf'));
  }
  narratives.push(text(detail, 'AddtlTxInf'));
  const reference =
    creditorRef ||
    (endToEnd && endToEnd !== 'NOTPROVIDED' ? endToEnd : '') ||
    text(refs, 'MndtId') ||
    text(refs, 'InstrId') ||
    text(refs, 'TxId') ||
    text(refs, 'PmtInfId') ||
    text(refs, 'Prtry', 'Ref');
  const parties = at(detail, 'RltdPties');
  const side = credit ? 'Dbtr' : 'Cdtr';
  const party = at(parties, side);
  const counterparty =
    text(party, 'Nm') ||
    text(party, 'Pty', 'Nm') ||
    text(party, 'Agt', 'FinInstnId', 'Nm') ||
    text(parties, `Ultmt${side}`, 'Nm');
  const extra: Record<string, string> = {};
  const account =
    text(parties, `${side}Acct`, 'Id', 'IBAN') || text(parties, `${side}Acct`, 'Id', 'Othr', 'Id');
  if (account) extra.counterparty_account = account;
  if (endToEnd) extra.end_to_end_id = endToEnd;
  for (const [name, key] of REFERENCE_EXTRAS) {
    const value = text(refs, name);
    if (value) extra[key] = value;
  }
  return { reference, counterparty, narrative: joinDistinct(narratives), extra };
}

function transactionCode(node: XmlNode): string {
  const domain = [
    text(node, 'Domn', 'Cd'),
    text(node, 'Domn', 'Fmly', 'Cd'),
    text(node, 'Domn', 'Fmly', 'SubFmlyCd'),
  ];
  if (domain[0]) return domain.filter(Boolean).join('/');
  return text(node, 'Prtry', 'Cd');
}

function joinDistinct(parts: string[]): string {
  const seen = new Set<string>();
  for (const part of parts) {
    const trimmed = part.trim();
    if (trimmed) seen.add(trimmed);
  }
  return [...seen].join('; ');
}
