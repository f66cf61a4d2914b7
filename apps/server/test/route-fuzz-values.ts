import { randomUUID } from 'node:crypto';

/**
 * Requests a careless or hostile client sends, built from the OpenAPI document: a valid-looking
 * request per route (real ids of the caller's organization where known), then one bad value at a
 * time in the path, the query and the body. Used by route-fuzz.test.ts.
 */

// biome-ignore lint/suspicious/noExplicitAny: JSON schemas of the OpenAPI document, read loosely
type Schema = any;

export interface Operation {
  method: string;
  path: string;
  parameters: { in: 'path' | 'query'; name: string; schema?: Schema }[];
  jsonBody: Schema | null;
  multipart: boolean;
}

export interface Probe {
  label: string;
  method: string;
  /** Path with its query string, already encoded. */
  url: string;
  contentType?: string;
  body?: string | Buffer;
}

/** Ids by parameter or field name (tableId, table_id, columnId, ...): the organization's real ones. */
export type KnownIds = Record<string, string>;

/** Every operation of the document, multipart ones found by their summary. */
export function operationsOf(document: Schema): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries<Schema>(document.paths)) {
    for (const [method, op] of Object.entries<Schema>(methods)) {
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        jsonBody: op.requestBody?.content?.['application/json']?.schema ?? null,
        multipart: /multipart/i.test(`${op.summary ?? ''} ${op.description ?? ''}`),
      });
    }
  }
  return operations;
}

/** A value the schema accepts, as far as a schema says (ids from `ids` by field name). */
export function exampleOf(schema: Schema, name: string, ids: KnownIds): unknown {
  if (!schema || typeof schema !== 'object') return 'x';
  const choice = schema.anyOf ?? schema.oneOf;
  if (choice) return exampleOf(choice.find((s: Schema) => s.type !== 'null') ?? choice[0], name, ids);
  if (schema.allOf) return exampleOf(schema.allOf[0], name, ids);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined && schema.type !== 'object') return schema.default;
  switch (schema.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, inner] of Object.entries<Schema>(schema.properties ?? {})) {
        out[key] = exampleOf(inner, key, ids);
      }
      // A record (cells, parameters): one entry under a real column id, so cells are reached.
      if (!schema.properties && schema.additionalProperties !== false && ids.columnId)
        out[ids.columnId] = 'x';
      return out;
    }
    case 'array':
      return [exampleOf(schema.items, name.replace(/s$/, ''), ids)];
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return stringExample(schema, name, ids);
  }
}

function stringExample(schema: Schema, name: string, ids: KnownIds): string {
  if (ids[name]) return ids[name];
  if (schema.format === 'uuid' || /(^|_)ids?$|Id$/.test(name)) return ids[name] ?? randomUUID();
  if (schema.format === 'email') return 'someone@example.com';
  if (schema.format === 'date') return '2024-01-31';
  if (schema.format === 'date-time') return '2024-01-31T00:00:00.000Z';
  return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
}

/** Bad text: NUL, a lone surrogate (high and low), a very long string. */
const NUL = 'a\u0000b';
const HIGH = '\uD800';
const LOW = 'x\uDC00';
const LONG = 'y'.repeat(100_000);
/** JSON text nested 100,000 deep. */
const DEEP = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
/** Number texts JSON.parse turns into Infinity and into an unsafe integer. */
const RAW_NUMBERS = ['1e309', '99999999999999999999', '-1', '-1e309', '0.5'];
/** Leaves of one kind changed per route at most (values × leaves would grow fast). */
const MAX_LEAVES = 3;

type Path = (string | number)[];

function leaves(value: unknown, path: Path = [], out: { path: Path; value: unknown }[] = []) {
  if (value && typeof value === 'object') {
    if (path.length > 0) out.push({ path, value });
    for (const [key, inner] of Object.entries(value))
      leaves(inner, [...path, Array.isArray(value) ? Number(key) : key], out);
  } else out.push({ path, value });
  return out;
}

/** The body's JSON text with the value at `path` replaced by raw JSON text. */
function withRaw(body: unknown, path: Path, raw: string): string {
  const marker = `__fuzz_${randomUUID()}__`;
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let target = copy;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string | number, unknown>;
  target[path[path.length - 1] as string | number] = marker;
  return JSON.stringify(copy).replace(JSON.stringify(marker), raw);
}

function jsonBodyProbes(base: unknown): { label: string; body: string }[] {
  const probes = [
    { label: 'empty body', body: '' },
    { label: 'null body', body: 'null' },
    { label: 'array for object', body: JSON.stringify([base]) },
    { label: 'string for object', body: '"x"' },
    { label: 'deep body', body: DEEP },
    { label: 'NUL key', body: JSON.stringify({ ...(base as object), 'k\u0000': 1 }) },
  ];
  const all = leaves(base);
  const strings = all.filter((leaf) => typeof leaf.value === 'string').slice(0, MAX_LEAVES);
  const numbers = all.filter((leaf) => typeof leaf.value === 'number').slice(0, MAX_LEAVES);
  // The deepest objects first (block parameters, cells), where nesting would reach storage.
  const objects = all
    .filter((leaf) => leaf.value && typeof leaf.value === 'object')
    .sort((a, b) => b.path.length - a.path.length)
    .slice(0, 2);
  strings.forEach(({ path }, index) => {
    const at = path.join('.');
    const texts: [string, string][] = [
      ['NUL', NUL],
      ['high surrogate', HIGH],
    ];
    if (index === 0) texts.push(['low surrogate', LOW], ['long string', LONG]);
    for (const [kind, text] of texts) {
      probes.push({ label: `${kind} in ${at}`, body: withRaw(base, path, JSON.stringify(text)) });
    }
    if (index === 0) probes.push({ label: `number for string ${at}`, body: withRaw(base, path, '12') });
  });
  numbers.forEach(({ path }, index) => {
    // The first number gets every bad number and a string; the others only 1e309.
    const raws = index === 0 ? [...RAW_NUMBERS, '"12x"'] : RAW_NUMBERS.slice(0, 1);
    for (const raw of raws)
      probes.push({ label: `${raw} in ${path.join('.')}`, body: withRaw(base, path, raw) });
  });
  for (const { path } of objects) {
    probes.push({ label: `deep nesting in ${path.join('.')}`, body: withRaw(base, path, DEEP) });
    probes.push({ label: `wrong type for ${path.join('.')}`, body: withRaw(base, path, '"x"') });
  }
  return probes;
}

/** Query or path values: percent-encoded, as a client would send them. */
const BAD_PARAMS: [label: string, encoded: string][] = [
  ['NUL', 'a%00b'],
  ['invalid UTF-8 (lone surrogate)', '%ED%A0%80'],
  ['not a uuid', 'not-a-uuid'],
  ['1e309', '1e309'],
  ['huge', '99999999999999999999'],
  ['negative', '-1'],
  ['empty', ''],
  ['long', 'z'.repeat(6000)],
];
/**
 * Every parameter gets NUL (what PostgreSQL refuses) and three of the other
 * values, a different three from one parameter to the next, so every value is sent to every route
 * with more than a parameter or two without the full cross product (the test stays fast).
 */
const ALWAYS = 1;
const ROTATED = 3;
let rotation = 0;
function sampledParams(): [label: string, encoded: string][] {
  const rest = BAD_PARAMS.slice(ALWAYS);
  const picked = Array.from({ length: ROTATED }, (_, i) => rest[(rotation + i) % rest.length]);
  rotation += ROTATED;
  return [...BAD_PARAMS.slice(0, ALWAYS), ...(picked as [string, string][])];
}

function urlOf(op: Operation, path: Record<string, string>, query: [string, string][]): string {
  const filled = op.path.replace(/\{(\w+)\}/g, (_, name: string) => path[name] ?? 'x');
  const search = query.map(([name, value]) => `${name}=${value}`).join('&');
  return search ? `${filled}?${search}` : filled;
}

/** The probes of one operation: the base request, then one bad value at a time. */
export function probesOf(op: Operation, ids: KnownIds, otherIds: KnownIds): Probe[] {
  const path: Record<string, string> = {};
  const query: [string, string][] = [];
  for (const p of op.parameters) {
    const value = String(exampleOf(p.schema, p.name, ids));
    if (p.in === 'path') path[p.name] = encodeURIComponent(value);
    else query.push([p.name, encodeURIComponent(value)]);
  }
  const base = op.jsonBody ? exampleOf(op.jsonBody, 'body', ids) : undefined;
  const json = (body: string) => ({ contentType: 'application/json', body });
  const baseBody = base === undefined ? {} : json(JSON.stringify(base));
  const probes: Probe[] = [{ label: 'base', method: op.method, url: urlOf(op, path, query), ...baseBody }];
  const add = (label: string, url: string, extra: Partial<Probe> = baseBody) =>
    probes.push({ label, method: op.method, url, ...extra });
  for (const p of op.parameters) {
    const bad = sampledParams();
    if (otherIds[p.name]) bad.push(["another organization's id", otherIds[p.name] as string]);
    for (const [label, encoded] of bad) {
      if (p.in === 'path') {
        if (encoded === '' || label === 'long') continue;
        add(`${p.name}: ${label}`, urlOf(op, { ...path, [p.name]: encoded }, query));
      } else {
        const others = query.filter(([name]) => name !== p.name);
        add(`${p.name}: ${label}`, urlOf(op, path, [...others, [p.name, encoded]]));
      }
    }
    if (p.in === 'query') {
      const value = query.find(([name]) => name === p.name)?.[1] ?? 'x';
      add(`${p.name}: repeated`, urlOf(op, path, [...query, [p.name, value]]));
    }
  }
  const url = urlOf(op, path, query);
  if (op.jsonBody) for (const { label, body } of jsonBodyProbes(base)) add(label, url, json(body));
  if (op.multipart) for (const probe of multipartProbes()) add(probe.label ?? 'multipart', url, probe);
  return probes;
}

const BOUNDARY = 'fuzzboundary';
const part = (headers: string) => `--${BOUNDARY}\r\n${headers}\r\n\r\n`;
const filePart = (filename: string) =>
  part(`Content-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/csv`);

/** A file name of raw bytes ED A0 80 (a surrogate encoded as UTF-8), then the part. */
const INVALID_UTF8 = Buffer.concat([
  Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a`),
  Buffer.from([0xed, 0xa0, 0x80]),
  Buffer.from(`.csv"\r\nContent-Type: text/csv\r\n\r\na,b\n1,2\n\r\n--${BOUNDARY}--\r\n`),
]);

function multipartProbes(): Partial<Probe & { label: string }>[] {
  const type = `multipart/form-data; boundary=${BOUNDARY}`;
  const end = `\r\n--${BOUNDARY}--\r\n`;
  const bodies: [string, string | Buffer][] = [
    ['truncated multipart (no closing boundary)', `${filePart('a.csv')}a,b\n1,2\n`],
    ['truncated multipart (inside part headers)', `--${BOUNDARY}\r\nContent-Disposition: form-da`],
    ['multipart: only a boundary', `--${BOUNDARY}`],
    ['multipart: empty body', ''],
    ['NUL in file name', `${filePart('a\u0000b.csv')}a,b\n1,2\n${end}`],
    ['invalid UTF-8 in file name', INVALID_UTF8],
    [
      'lone surrogate in file name (RFC 5987)',
      `${part(`Content-Disposition: form-data; name="file"; filename*=UTF-8''a%ED%A0%80.csv`)}a,b${end}`,
    ],
    [
      'NUL in a field',
      `${part('Content-Disposition: form-data; name="table_id"')}a\u0000b\r\n${filePart('a.csv')}a,b\n1,2\n${end}`,
    ],
    ['wrong field name', `${part('Content-Disposition: form-data; name="nope"; filename="a.csv"')}a,b${end}`],
  ];
  const probes: Partial<Probe & { label: string }>[] = bodies.map(([label, body]) => ({
    label,
    contentType: type,
    body,
  }));
  probes.push({ label: 'multipart without boundary', contentType: 'multipart/form-data', body: 'x' });
  probes.push({ label: 'JSON for multipart', contentType: 'application/json', body: '{"file":"x"}' });
  return probes;
}
