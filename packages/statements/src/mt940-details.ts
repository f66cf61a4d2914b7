/**
 * The :86: narrative of an MT940 entry, in the layouts banks use:
 * - German (DFÜ/MT940 structured): `?00` booking text, `?20`–`?29` and `?60`–`?63` purpose, `?30` bank
 *   code, `?31` account, `?32`–`?33` counterparty name; SEPA keywords inside the purpose (`EREF+`, `KREF+`,
 *   `MREF+`, `SVWZ+`, `ABWA+`…). Some banks write `>20` for `?20`. An optional 3-digit business code leads.
 * - SEPA slash tags (Dutch, Nordic banks…): `/EREF/…/REMI/…/NAME/…/ORDP/…/BENM/…/CNTP/iban/bic/name/city/`.
 * - Free text: kept as the narrative; `NAAM:` / `REK:` (Knab) give the counterparty and its account.
 * Lines are joined without a space when the previous one is a full 65-character SWIFT line (a width
 * wrap), with a space otherwise.
 */
export interface Field86 {
  reference: string;
  counterparty: string;
  narrative: string;
  extra: Record<string, string>;
}

const SWIFT_LINE = 65;

export function readField86(raw: string): Field86 {
  const lines = raw.split('\n');
  const compact = lines.join('').trim();
  if (/^(\d{3})?[?>]\d{2}/.test(compact)) return readGerman(compact);
  const joined = joinLines(lines);
  if (/(^|\s)\/(EREF|REMI|NAME|ORDP|BENM|CNTP|TRTP|IBAN)\//.test(joined)) return readSlashTags(joined);
  const extra: Record<string, string> = {};
  const account = /\bREK:\s*([A-Z]{2}\d{2}[A-Z0-9]{8,30}|\d{6,})/.exec(joined)?.[1];
  if (account) extra.counterparty_account = account;
  const name = /\bNAAM:\s*(.+?)\s*$/.exec(joined)?.[1] ?? '';
  return { reference: '', counterparty: name, narrative: joined, extra };
}

function joinLines(lines: string[]): string {
  let result = lines[0] ?? '';
  for (let index = 1; index < lines.length; index++) {
    result += (lines[index - 1]!.length >= SWIFT_LINE ? '' : ' ') + lines[index]!.trimStart();
  }
  return result.replace(/\s+/g, ' ').trim();
}

function readGerman(compact: string): Field86 {
  const fields = new Map<string, string>();
  const extra: Record<string, string> = {};
  const code = /^(\d{3})/.exec(compact)?.[1];
  if (code) extra.business_code = code;
  const separator = compact[code ? 3 : 0];
  const parts = compact.slice(code ? 3 : 0).split(separator === '>' ? /[>](\d{2})/ : /[?](\d{2})/);
  for (let index = 1; index < parts.length; index += 2) {
    const field = parts[index]!;
    fields.set(field, (fields.get(field) ?? '') + (parts[index + 1] ?? ''));
  }

  const purpose = pickFields(
    fields,
    '20',
    '21',
    '22',
    '23',
    '24',
    '25',
    '26',
    '27',
    '28',
    '29',
    '60',
    '61',
    '62',
    '63',
  );
  const sepa = readSepaKeywords(purpose);
  const bookingText = pickFields(fields, '00').trim();
  if (bookingText) extra.booking_text = bookingText;
  if (pickFields(fields, '10').trim()) extra.primanota = pickFields(fields, '10').trim();
  if (pickFields(fields, '30').trim()) extra.counterparty_bank = pickFields(fields, '30').trim();
  const account = sepa.IBAN || pickFields(fields, '31').trim();
  if (account) extra.counterparty_account = account;
  for (const [key, name] of [
    ['EREF', 'end_to_end_id'],
    ['KREF', 'customer_reference'],
    ['MREF', 'mandate_id'],
    ['CRED', 'creditor_id'],
  ] as const) {
    if (sepa[key]) extra[name] = sepa[key];
  }
  const endToEnd = sepa.EREF && sepa.EREF !== 'NOTPROVIDED' ? sepa.EREF : '';
  const narrative = sepa.SVWZ || sepa.text;
  return {
    reference: endToEnd || sepa.KREF || sepa.MREF || '',
    counterparty: pickFields(fields, '32', '33').trim() || sepa.ABWA || sepa.ABWE || '',
    narrative: [bookingText, narrative.trim()].filter(Boolean).join(': '),
    extra,
  };
}

function pickFields(fields: Map<string, string>, ...codes: string[]): string {
  let value = '';
  for (const code of codes) value += fields.get(code) ?? '';
  return value;
}

const SEPA_KEYWORDS = /(EREF|KREF|MREF|CRED|DEBT|SVWZ|ABWA|ABWE|IBAN|BIC|COAM|OAMT|PURP|SQTP)\+/;

function readSepaKeywords(purpose: string): Record<string, string> & { text: string } {
  const parts = purpose.split(SEPA_KEYWORDS);
  const result: Record<string, string> & { text: string } = { text: (parts[0] ?? '').trim() };
  for (let index = 1; index < parts.length; index += 2) {
    result[parts[index]!] = (parts[index + 1] ?? '').trim();
  }
  return result;
}

const SLASH_TAGS =
  'EREF|REMI|NAME|ORDP|BENM|CNTP|TRTP|IBAN|BIC|CSID|MARF|PREF|ADDR|RTRN|ULTC|ULTD|ULTB|PURP|ACCW|OCMT|CHGS|EXCH|ISDT|IREF|KREF|BUSP|SVCL';

function readSlashTags(joined: string): Field86 {
  const pattern = new RegExp(`/(${SLASH_TAGS})/`, 'g');
  const tags: Record<string, string> = {};
  const matches = [...joined.matchAll(pattern)];
  const lead = joined.slice(0, matches[0]?.index ?? joined.length).trim();
  for (let index = 0; index < matches.length; index++) {
    const match = matches[index]!;
    const start = match.index + match[0].length;
    const end = matches[index + 1]?.index ?? joined.length;
    tags[match[1]!] ??= joined.slice(start, end).replace(/\/+$/, '').trim();
  }
  const extra: Record<string, string> = {};
  if (lead) extra.details_prefix = lead;
  if (tags.TRTP) extra.transaction_type = tags.TRTP;
  if (tags.CSID) extra.creditor_id = tags.CSID;
  if (tags.MARF) extra.mandate_id = tags.MARF;
  if (tags.EREF) extra.end_to_end_id = tags.EREF;
  const contra = (tags.CNTP ?? '').split('/');
  const account = tags.IBAN || contra[0] || '';
  if (account) extra.counterparty_account = account;
  let remittance = tags.REMI ?? '';
  let structured = '';
  const ustd = /^USTD\/\/?(.*)$/.exec(remittance);
  if (ustd) remittance = ustd[1]!;
  const strd = /^STRD\/[A-Z]*\/(.*)$/.exec(remittance);
  if (strd) {
    structured = strd[1]!.replace(/\/+$/, '');
    remittance = structured;
  }
  const eref = tags.EREF && tags.EREF !== 'NOTPROVIDED' ? tags.EREF : '';
  const party = tags.NAME || partyName(tags.ORDP) || partyName(tags.BENM) || contra[2] || '';
  return {
    reference: eref || structured || tags.PREF || '',
    counterparty: party,
    narrative: remittance.trim(),
    extra,
  };
}

/** `/ORDP//NAME` or `/ORDP/ID/NAME/…`: the name is the last non-empty part when ids precede it. */
function partyName(value: string | undefined): string {
  if (!value) return '';
  const parts = value.split('/').filter((part) => part.trim() !== '');
  return (
    parts.length > 1 && /^[A-Z0-9]{6,}$/.test(parts[0]!) ? parts.slice(1).join('/') : parts.join('/')
  ).trim();
}
