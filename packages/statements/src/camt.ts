import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { decimalToMinor } from './amount.ts';
import { type BalanceInput, checkBalance } from './balance.ts';
import { readCamtEntry } from './camt-entry.ts';
import { isoDatePrefix } from './dates.ts';
import type { DraftTransaction, StatementBalances, StatementError, StatementWarning } from './transaction.ts';
import { all, at, attribute, text, type XmlNode } from './xml-node.ts';

/**
 * ISO 20022 camt.053 (statements, BkToCstmrStmt/Stmt) and camt.054 (debit/credit notifications,
 * BkToCstmrDbtCdtNtfctn/Ntfctn), any version: elements are read by name, namespace prefixes dropped, so
 * v2 to v8+ read alike (v8 nests party names under Pty, which camt-entry.ts handles). Values stay strings
 * (`parseTagValue: false`): amounts never pass through a float.
 */
export interface CamtRead {
  account: string | null;
  currency: string | null;
  transactions: DraftTransaction[];
  statements: StatementBalances[];
  warnings: StatementWarning[];
  errors: StatementError[];
}

const ARRAYS = new Set([
  'Stmt',
  'Ntfctn',
  'Bal',
  'Ntry',
  'NtryDtls',
  'TxDtls',
  'Ustrd',
  'Strd',
  'AddtlRmtInf',
]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  removeNSPrefix: true,
  trimValues: true,
  isArray: (name) => ARRAYS.has(name),
  jPath: false,
});

export function readCamt(source: string, kind: 'camt053' | 'camt054', defaultCurrency: string): CamtRead {
  const result: CamtRead = {
    account: null,
    currency: null,
    transactions: [],
    statements: [],
    warnings: [],
    errors: [],
  };
  const doctype = /<!(DOCTYPE|ENTITY)\b/i.exec(source);
  if (doctype) {
    // Entities can expand without bound (billion laughs) or name outside files (XXE): never read.
    const line = lineAt(source, doctype.index);
    result.errors.push({
      line,
      message: `Line ${line}: the XML declares a ${doctype[1]!.toUpperCase()} (entities); camt files have none, so it is not read`,
    });
    return result;
  }
  const valid = XMLValidator.validate(source);
  if (valid !== true) {
    result.errors.push(malformed(source, valid.err));
    return result;
  }
  const parsed = parser.parse(source);
  // Normally under Document; some bank exports put the message element at the root.
  const document = at(parsed, 'Document') ?? parsed;
  const [rootName, itemName] =
    kind === 'camt053' ? ['BkToCstmrStmt', 'Stmt'] : ['BkToCstmrDbtCdtNtfctn', 'Ntfctn'];
  const root = at(document, rootName);
  const items = all(root, itemName);
  if (items.length === 0) {
    const line = lineOf(source, root === undefined ? 'Document' : rootName);
    result.errors.push({
      line,
      message: `Line ${line}: this ${kind === 'camt053' ? 'camt.053' : 'camt.054'} file holds no ${itemName} element${root === undefined ? ` (no ${rootName} under Document)` : ''}, so it has no entries to import`,
    });
    return result;
  }
  const entryLines = elementLines(source, 'Ntry');
  const itemLines = elementLines(source, itemName);
  let entryIndex = 0;
  items.forEach((item, itemIndex) => {
    const account = text(item, 'Acct', 'Id', 'IBAN') || text(item, 'Acct', 'Id', 'Othr', 'Id') || null;
    const entries = all(item, 'Ntry');
    const currency = text(item, 'Acct', 'Ccy') || attribute(at(entries[0], 'Amt'), 'Ccy') || defaultCurrency;
    result.account ??= account;
    result.currency ??= currency;
    const id = text(item, 'Id') || null;
    const amounts: bigint[] = [];
    let count = 0;
    const fallbackDate =
      isoDatePrefix(text(item, 'CreDtTm')) ?? isoDatePrefix(text(root, 'GrpHdr', 'CreDtTm'));
    for (const entry of entries) {
      const line = entryLines[entryIndex++] ?? 1;
      const drafts = readCamtEntry(entry, {
        line,
        account,
        currency,
        statementId: id ?? '',
        fallbackDate,
        warnings: result.warnings,
        errors: result.errors,
      });
      for (const draft of drafts) {
        result.transactions.push(draft);
        count++;
        if (draft.currency === currency) amounts.push(BigInt(draft.amount_minor));
      }
    }
    const balances = all(item, 'Bal');
    const input: BalanceInput = {
      id,
      currency,
      opening: readBalance(balances, ['OPBD', 'PRCD'], currency, result.warnings),
      closing: readBalance(balances, ['CLBD'], currency, result.warnings),
      amounts,
      line: itemLines[itemIndex] ?? 1,
    };
    const checked = checkBalance(input, result.warnings);
    result.statements.push({ ...checked, transaction_count: count });
  });
  const currencies = new Set(result.statements.map((statement) => statement.currency));
  if (currencies.size > 1) result.currency = null;
  return result;
}

/** The first balance of the given type codes, in preference order; debit balances are negative. */
function readBalance(
  balances: XmlNode[],
  codes: string[],
  currency: string,
  warnings: StatementWarning[],
): BalanceInput['opening'] {
  for (const code of codes) {
    const balance = balances.find(
      (item) => (text(item, 'Tp', 'CdOrPrtry', 'Cd') || text(item, 'Tp', 'CdOrPrtry', 'Prtry')) === code,
    );
    if (!balance) continue;
    const amountNode = at(balance, 'Amt');
    const balanceCurrency = attribute(amountNode, 'Ccy') || currency;
    const parsed = decimalToMinor(text(amountNode), balanceCurrency);
    if (!parsed.ok) {
      warnings.push({
        code: 'balance_unreadable',
        message: `The ${code} balance cannot be read (${parsed.reason}), so the balance is not checked`,
      });
      return null;
    }
    const minor = text(balance, 'CdtDbtInd') === 'DBIT' ? -parsed.minor : parsed.minor;
    const date = isoDatePrefix(text(balance, 'Dt', 'Dt') || text(balance, 'Dt', 'DtTm'));
    return { minor, date, currency: balanceCurrency };
  }
  return null;
}

/** 1-based lines of each opening tag of that element (any namespace prefix), in document order. */
/**
 * The validator's error as a message naming the line; a file cut short (elements left open) says
 * which ones, at its last line, instead of the validator's "Invalid '[…]' found" at line 1.
 */
function malformed(source: string, err: { line: number; msg: string }): StatementError {
  const open = /^Invalid '\[(.*)\]' found\.?$/s.exec(err.msg);
  if (open) {
    const names = [...open[1]!.matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
    const line = lineAt(source, source.trimEnd().length);
    return {
      line,
      message: `Line ${line}: the XML ends before ${names.length === 1 ? 'this element is' : 'these elements are'} closed: ${names.join(' > ')} (the file looks cut short)`,
    };
  }
  return { line: err.line, message: `Line ${err.line}: not well-formed XML: ${err.msg}` };
}

function lineAt(source: string, index: number): number {
  let line = 1;
  for (let i = source.indexOf('\n'); i >= 0 && i < index; i = source.indexOf('\n', i + 1)) line += 1;
  return line;
}

function elementLines(source: string, name: string): number[] {
  const pattern = new RegExp(`<(?:[\\w.-]+:)?${name}[\\s>]`, 'g');
  const lines: number[] = [];
  let line = 1;
  let scanned = 0;
  for (let match = pattern.exec(source); match; match = pattern.exec(source)) {
    for (
      let index = source.indexOf('\n', scanned);
      index !== -1 && index < match.index;
      index = source.indexOf('\n', index + 1)
    ) {
      line++;
      scanned = index + 1;
    }
    lines.push(line);
  }
  return lines;
}

function lineOf(source: string, name: string): number {
  return elementLines(source, name)[0] ?? 1;
}
