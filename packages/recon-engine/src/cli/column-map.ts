/**
 * Which columns of a ledger (CSV/XLSX) make a record's fields: given with `--left-map`
 * (`id="Receipt No",amount="Paid In"-"Withdrawn",counterparty="First"+"Last"`), a map file (JSON,
 * `{ "id": "Receipt No", "amount": "\"Paid In\"-\"Withdrawn\"" }`), or detected from the header names.
 */
import { DataError, UsageError } from './cli-errors.ts';

export const MAPPED_FIELDS = [
  'id',
  'amount',
  'date',
  'value_date',
  'reference',
  'counterparty',
  'text',
  'currency',
] as const;
export type MappedField = (typeof MAPPED_FIELDS)[number];

/** A field's columns: one, several joined with a space (`+`), or for amount one minus another (`-`). */
export interface ColumnExpression {
  plus: string[];
  minus: string[];
}

export type ColumnMap = Partial<Record<MappedField, ColumnExpression>>;

const REQUIRED: MappedField[] = ['id', 'amount', 'date'];

function isField(name: string): name is MappedField {
  return (MAPPED_FIELDS as readonly string[]).includes(name);
}

/**
 * One field's expression: `"Paid In"-"Withdrawn"`, `"First"+"Last"`, or a bare name (`Receipt No`;
 * a bare name runs to the next `+`, `-` or `,`, so quote names that hold one of them).
 */
export function parseColumnExpression(text: string, field: MappedField): ColumnExpression {
  const expression: ColumnExpression = { plus: [], minus: [] };
  let i = 0;
  let sign: '+' | '-' = '+';
  const fail = (what: string) => {
    throw new UsageError(`column map: ${field}=${text}: ${what}`);
  };
  for (;;) {
    while (text[i] === ' ') i += 1;
    let name: string;
    if (text[i] === '"') {
      const close = text.indexOf('"', i + 1);
      if (close === -1) fail('a quote is not closed');
      name = text.slice(i + 1, close);
      i = close + 1;
    } else {
      const start = i;
      while (i < text.length && !'+-'.includes(text[i]!)) i += 1;
      name = text.slice(start, i).trim();
    }
    if (name === '') fail('a column name is empty');
    (sign === '+' ? expression.plus : expression.minus).push(name);
    while (text[i] === ' ') i += 1;
    if (i >= text.length) break;
    const op = text[i];
    if (op !== '+' && op !== '-') fail(`"${text.slice(i)}" is not + or - and a column`);
    sign = op as '+' | '-';
    i += 1;
  }
  if (expression.minus.length > 0 && (field !== 'amount' || expression.plus.length !== 1)) {
    fail('only amount may subtract a column, as "Paid In"-"Withdrawn"');
  }
  if (field === 'amount' && expression.plus.length > 1) fail('amount adds no columns; use "In"-"Out"');
  return expression;
}

/** Splits a `--left-map` value at the commas outside quotes into `field=expression` pairs. */
export function parseMapFlag(text: string): ColumnMap {
  const map: ColumnMap = {};
  const pairs: string[] = [];
  let quoted = false;
  let start = 0;
  for (let i = 0; i <= text.length; i += 1) {
    if (text[i] === '"') quoted = !quoted;
    else if ((text[i] === ',' && !quoted) || i === text.length) {
      pairs.push(text.slice(start, i));
      start = i + 1;
    }
  }
  for (const pair of pairs) {
    if (pair.trim() === '') continue;
    const equals = pair.indexOf('=');
    const field = pair.slice(0, Math.max(equals, 0)).trim();
    if (equals === -1 || !isField(field)) {
      throw new UsageError(
        `column map: "${pair.trim()}" is not field=column (fields: ${MAPPED_FIELDS.join(', ')})`,
      );
    }
    map[field] = parseColumnExpression(pair.slice(equals + 1), field);
  }
  return map;
}

/** A map file: a JSON object of field → expression (the flag's syntax) or a list of columns to join. */
export function parseMapFile(json: unknown, fileName: string): ColumnMap {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new UsageError(`${fileName}: a column map is a JSON object such as {"id": "Receipt No"}`);
  }
  const map: ColumnMap = {};
  for (const [field, value] of Object.entries(json)) {
    if (!isField(field)) {
      throw new UsageError(`${fileName}: "${field}" is not a field (${MAPPED_FIELDS.join(', ')})`);
    }
    if (typeof value === 'string') {
      map[field] = value.includes('"')
        ? parseColumnExpression(value, field)
        : { plus: [value.trim()], minus: [] };
    } else if (Array.isArray(value) && value.every((v) => typeof v === 'string') && field !== 'amount') {
      map[field] = { plus: value.map((v) => v.trim()), minus: [] };
    } else {
      throw new UsageError(`${fileName}: ${field} must be a column name or a list of column names`);
    }
  }
  return map;
}

const DETECT: { field: MappedField; patterns: RegExp[]; join?: boolean }[] = [
  {
    field: 'id',
    patterns: [
      /^id$/,
      /^invoice ?(no\.?|number|#|id)$/,
      /^(doc|document) ?(no\.?|number|#)?$/,
      /^receipt ?(no\.?|number)$/,
      /^(transaction|entry) ?(id|no\.?|number)$/,
      /^(number|no\.?)$/,
    ],
  },
  {
    field: 'amount',
    patterns: [/^amount$/, /^total/, /amount/, /^paid in$/, /^(credit|debit)$/, /^net/],
  },
  { field: 'date', patterns: [/^date$/, /^(invoice|posting|booking|transaction) date$/, /date/, /time$/] },
  { field: 'value_date', patterns: [/^value ?date$/] },
  { field: 'reference', patterns: [/^reference$/, /^ref\.?$/, /^a\/c ?no\.?$/, /reference/, /^account/] },
  {
    field: 'counterparty',
    patterns: [/^counterparty$/, /customer/, /^(name|payer|client)/, /phone|mobile|msisdn/, /party/],
    join: true,
  },
  { field: 'text', patterns: [/^text$/, /^details$/, /description|narrative|memo|particulars/] },
  { field: 'currency', patterns: [/^currency$/, /^ccy$/, /^cur\.?$/] },
];

function normaliseHeader(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, ' ');
}

/**
 * A map from the header's names: the first pattern of a field that some column fits wins (so Total
 * before Net, an exact `date` before any date), a column serves one field (but an invoice number
 * that is the id is the reference too, when no reference column exists); Paid In with a Withdrawn
 * column is Paid In − Withdrawn; every customer/name/phone column joins into counterparty.
 */
export function detectColumnMap(header: readonly string[]): ColumnMap {
  const names = header.map(normaliseHeader);
  const used = new Set<number>();
  const map: ColumnMap = {};
  for (const { field, patterns, join } of DETECT) {
    if (join) {
      const columns = names
        .map((name, index) => ({ name, index }))
        .filter(({ name, index }) => !used.has(index) && patterns.some((p) => p.test(name)));
      if (columns.length === 0) continue;
      for (const { index } of columns) used.add(index);
      map[field] = { plus: columns.map(({ index }) => header[index]!.trim()), minus: [] };
      continue;
    }
    for (const pattern of patterns) {
      const index = names.findIndex((name, at) => !used.has(at) && pattern.test(name));
      if (index === -1) continue;
      used.add(index);
      map[field] = { plus: [header[index]!.trim()], minus: [] };
      if (field === 'amount' && /^paid in$/.test(names[index]!)) {
        const out = names.findIndex((name) => /^(withdrawn|paid out)$/.test(name));
        if (out !== -1) {
          used.add(out);
          map.amount!.minus.push(header[out]!.trim());
        }
      }
      break;
    }
  }
  if (!map.reference && map.id && /invoice|doc/.test(normaliseHeader(map.id.plus[0]!))) {
    map.reference = { plus: [...map.id.plus], minus: [] };
  }
  return map;
}

/** `"Paid In"−"Withdrawn"` as printed before a run. */
export function describeExpression(expression: ColumnExpression): string {
  const plus = expression.plus.join('+');
  return expression.minus.length > 0 ? `${plus}−${expression.minus.join('−')}` : plus;
}

export function describeMap(map: ColumnMap): string {
  return MAPPED_FIELDS.filter((field) => map[field])
    .map((field) => `${field}=${describeExpression(map[field]!)}`)
    .join(', ');
}

/** Column positions of a map in a header (names matched ignoring case and spaces around). */
export interface ResolvedMap {
  fields: Partial<Record<MappedField, { plus: number[]; minus: number[]; names: string[] }>>;
}

/** Places the map's columns in the header; a missing one is a data error naming the columns found. */
export function resolveColumnMap(map: ColumnMap, header: readonly string[], fileName: string): ResolvedMap {
  const positions = new Map<string, number>();
  header.forEach((name, index) => {
    const key = normaliseHeader(name);
    if (!positions.has(key)) positions.set(key, index);
  });
  const shown = header.slice(0, 20).map((name) => {
    const trimmed = name.trim();
    return `"${trimmed.length > 40 ? `${trimmed.slice(0, 40)}…` : trimmed}"`;
  });
  const found = shown.join(', ') + (header.length > 20 ? ` … (${header.length} columns)` : '');
  const missingFields = REQUIRED.filter((field) => !map[field]);
  if (missingFields.length > 0) {
    throw new DataError(
      `${fileName}: no column for ${missingFields.join(', ')}; the columns are ${found}. ` +
        `Give them with --left-map/--right-map, e.g. id="Receipt No",amount="Paid In"-"Withdrawn",date="Completion Time"`,
    );
  }
  const resolved: ResolvedMap = { fields: {} };
  for (const field of MAPPED_FIELDS) {
    const expression = map[field];
    if (!expression) continue;
    const place = (name: string) => {
      const index = positions.get(normaliseHeader(name));
      if (index === undefined) {
        throw new DataError(`${fileName}: missing column "${name}" (for ${field}); the columns are ${found}`);
      }
      return index;
    };
    resolved.fields[field] = {
      plus: expression.plus.map(place),
      minus: expression.minus.map(place),
      names: [...expression.plus, ...expression.minus],
    };
  }
  return resolved;
}
