import type { TableColumn } from '@counterpart/contracts';
import type { Database } from '../../db/database.ts';
import { type KeyKind, keyKind } from './items-conditions.ts';

/** Below this many rows a table is read fast enough without indexes of its own. */
export const INDEX_MIN_ROWS = 10_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const COLUMN_ID = /^c[0-9a-f]{12}$/;
const KIND_SUFFIX: Record<KeyKind, string> = { numeric: 'n', boolean: 'b', lower: 'l', text: 't' };

/** `tix_<table id hex>_`: every index of one table starts so (≤ 63 characters in all). */
function prefixOf(tableId: string): string {
  if (!UUID.test(tableId)) throw new Error('Bad table id');
  return `tix_${tableId.toLowerCase().replaceAll('-', '')}_`;
}

function keyExpression(column: TableColumn): string {
  const cell = `("values"->>'${column.id}')`;
  const kind = keyKind(column);
  if (kind === 'numeric') return `(${cell}::numeric)`;
  if (kind === 'boolean') return `(${cell}::boolean)`;
  if (kind === 'lower') return `lower${cell}`;
  return cell;
}

/** One index to build: its name and the statement after `CREATE INDEX [CONCURRENTLY] IF NOT EXISTS name`. */
interface IndexSpec {
  name: string;
  body: string;
}

/**
 * The partial index serving sort and range filters of a column: (typed key, seq) over this table's
 * rows only, so other tables' inserts pay nothing but the predicate test.
 */
export function keyIndexSpec(tableId: string, column: TableColumn): IndexSpec {
  if (!COLUMN_ID.test(column.id)) throw new Error('Bad column id');
  const where = `where table_id = '${tableId.toLowerCase()}'::uuid`;
  return {
    name: `${prefixOf(tableId)}${column.id}_${KIND_SUFFIX[keyKind(column)]}`,
    body: `on table_items (${keyExpression(column)}, seq) ${where}`,
  };
}

/** A trigram index for `contains` on a column (null: the row-wide search text). */
export function trigramIndexSpec(tableId: string, column: TableColumn | null): IndexSpec {
  const where = `where table_id = '${tableId.toLowerCase()}'::uuid`;
  if (column && !COLUMN_ID.test(column.id)) throw new Error('Bad column id');
  const expression = column ? `lower(("values"->>'${column.id}'))` : 'search_text';
  return {
    name: `${prefixOf(tableId)}${column ? column.id : 'search'}_g`,
    body: `on table_items using gin (${expression} gin_trgm_ops) ${where}`,
  };
}

/**
 * Per-table, per-column expression indexes on `table_items`, created on demand: the first sorted or
 * filtered read of a table of INDEX_MIN_ROWS rows or more starts the build in the background (that
 * read does not wait), later reads use it. PostgreSQL builds CONCURRENTLY (writes go on); PGlite
 * builds plainly (it is one connection anyway). Retyping or removing a column drops its indexes
 * first (a numeric cast over re-typed cells would fail), deleting a table drops all of its own.
 */
export class ColumnIndexes {
  private readonly building = new Map<string, Promise<void>>();
  private trigram: Promise<boolean> | null = null;
  private requests = 0;
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly database: Database) {}

  private get concurrently(): string {
    return this.database.kind === 'postgres' ? 'concurrently ' : '';
  }

  /** Whether pg_trgm can be used (PostgreSQL with the extension allowed); asked once. */
  trigramAvailable(): Promise<boolean> {
    this.trigram ??= this.database
      .query('create extension if not exists pg_trgm')
      .then(() => true)
      .catch(() => false);
    return this.trigram;
  }

  /** Starts building what is missing; resolves at once (see `settled`). */
  request(tableId: string, rowCount: number, specs: () => Promise<IndexSpec[]>): void {
    if (rowCount < INDEX_MIN_ROWS) return;
    const started = specs().then((list) => {
      for (const spec of list) {
        if (this.building.has(spec.name)) continue;
        // One build at a time: concurrent CONCURRENTLY builds on one table deadlock each other.
        const build = this.queue.then(() => this.build(spec)).finally(() => this.building.delete(spec.name));
        this.queue = build;
        this.building.set(spec.name, build);
      }
    });
    const key = `specs:${tableId}:${++this.requests}`;
    this.building.set(
      key,
      started.catch(() => {}).finally(() => this.building.delete(key)),
    );
  }

  /** Resolves when every build started so far has ended (benchmarks, tests). */
  async settled(): Promise<void> {
    while (this.building.size > 0) await Promise.allSettled([...this.building.values()]);
  }

  private async build(spec: IndexSpec): Promise<void> {
    try {
      const [found] = (
        await this.database.query<{ valid: boolean }>(
          'select i.indisvalid as valid from pg_class c join pg_index i on i.indexrelid = c.oid where c.relname = $1',
          [spec.name],
        )
      ).rows;
      if (found?.valid) return;
      // A CONCURRENTLY build that was interrupted leaves an invalid index: replace it.
      if (found) await this.database.query(`drop index ${this.concurrently}if exists ${spec.name}`);
      await this.database.query(`create index ${this.concurrently}if not exists ${spec.name} ${spec.body}`);
      // Statistics of the new expression: the planner's estimates (and the estimated totals) use them.
      await this.database.query('analyze table_items');
    } catch (error) {
      // Reads stay correct without the index; the next read asks again.
      console.warn(`Index ${spec.name} was not built: ${(error as Error).message}`);
    }
  }

  /** Drops the indexes of one column (before a retype or a removal), or of the whole table. */
  async drop(tableId: string, columnId?: string): Promise<void> {
    const prefix = `${prefixOf(tableId)}${columnId && COLUMN_ID.test(columnId) ? `${columnId}_` : ''}`;
    const { rows } = await this.database.query<{ name: string }>(
      `select indexname as name from pg_indexes where tablename = 'table_items' and indexname like $1`,
      [`${prefix.replaceAll('_', '\\_')}%`],
    );
    for (const { name } of rows) {
      await this.database.query(`drop index ${this.concurrently}if exists ${name}`);
    }
  }
}

const registry = new WeakMap<Database, ColumnIndexes>();

/** The one index maintainer of a database (builds in flight are tracked per process). */
export function columnIndexesFor(database: Database): ColumnIndexes {
  let indexes = registry.get(database);
  if (!indexes) {
    indexes = new ColumnIndexes(database);
    registry.set(database, indexes);
  }
  return indexes;
}
