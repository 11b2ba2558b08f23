import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  Kysely,
  QueryResult,
  Transaction,
  TransactionSettings,
} from 'kysely';
import { COMMIT, PgConnection } from './pg-driver.js';

/**
 * Tables a storefront page reads (site, settings, collections, products, variants with their
 * stock, media, site forms, content items with their terms and comments, published templates): a committed write to any of them makes every cached page older than it stale.
 */
export const PAGE_TABLES: ReadonlySet<string> = new Set([
  'websites',
  'store_settings',
  'collections',
  'products',
  'variants',
  'media_assets',
  'forms',
  'content_items',
  'content_terms',
  'content_taxonomy',
  'content_comments',
  'product_reviews',
  'template_versions',
]);

/** The site's own rows, which the request context caches (with the footer's newsletter form). */
export const SITE_TABLES: ReadonlySet<string> = new Set(['websites', 'store_settings', 'forms']);

/** The published templates, which the theme keeps compiled. */
export const TEMPLATE_TABLES: ReadonlySet<string> = new Set(['template_versions']);

/**
 * What carts and checkout keep read between writes (`db/read-cache.ts`: the products they price,
 * the shipping options and tax rules): the page tables and those pricing rules.
 */
export const CART_TABLES: ReadonlySet<string> = new Set([...PAGE_TABLES, 'shipping_options', 'tax_rules']);

/**
 * An order taking stock (the conditional `qty_in_stock = qty_in_stock - n`), as reported to
 * `committed`: pages change (a sold-out badge), the products add-to-cart keeps need not, since
 * their stock may be a little old anyway (the order's own decrement is the check that counts).
 */
export const STOCK_TAKEN = 'variants (stock taken)';

/**
 * `INSERT INTO t`, `UPDATE t`, `DELETE FROM t` (optionally schema-qualified, quoted or not): the
 * statement's own write, or one in its WITH clauses (`"x" as (update t ...)`, then `) insert into
 * t`). Group 2 marks an order's stock decrement (`set qty_in_stock = qty_in_stock - …`).
 */
const WRITE_TARGETS =
  /(?:^\s*|\bas\s*\(\s*|\)\s*)(?:insert\s+into|update|delete\s+from)\s+(?:"?\w+"?\.)?"?(\w+)"?(\s+set\s+"?qty_in_stock"?\s*=\s*"?qty_in_stock"?\s*-)?/gi;

/**
 * The counted tables a statement writes (`STOCK_TAKEN` for an order's stock decrement); raw `sql`
 * writes are read from their text too.
 */
export function writtenTables(sql: string): readonly string[] {
  let tables = writtenByText.get(sql);
  if (tables) return tables;
  tables = readWrittenTables(sql);
  // Statements are compiled once and sent again and again: their texts are few, but bound the memory.
  if (writtenByText.size >= WRITTEN_TEXTS_KEPT) writtenByText.clear();
  writtenByText.set(sql, tables);
  return tables;
}

const WRITTEN_TEXTS_KEPT = 1000;
const writtenByText = new Map<string, readonly string[]>();

function readWrittenTables(sql: string): readonly string[] {
  const first = sql.charCodeAt(sql.search(/\S/)) | 32;
  // Quick exit for reads: only statements starting with i, u, d or w (with) can write.
  if (first !== 105 && first !== 117 && first !== 100 && first !== 119) return [];
  const tables: string[] = [];
  for (const [, name, stockTake] of sql.matchAll(WRITE_TARGETS)) {
    const target = name.toLowerCase();
    if (CART_TABLES.has(target)) tables.push(target === 'variants' && stockTake ? STOCK_TAKEN : target);
  }
  return tables;
}

/**
 * Counts committed writes to the tables pages read, in this process. Bumped after the write is
 * visible (after the autocommit statement, or after COMMIT of a transaction that wrote), so a
 * reader that saw version N started after every write counted up to N had committed.
 */
export interface WriteVersion {
  /** Committed writes to any of `PAGE_TABLES` (stock taken by orders included). */
  readonly pages: number;
  /** Committed writes to any of `CART_TABLES` but for stock taken by orders. */
  readonly cart: number;
  /** Committed writes to `SITE_TABLES`. */
  readonly site: number;
  /**
   * Committed writes to `TEMPLATE_TABLES`: what the compiled templates depend on, apart from
   * `pages`, which every sale moves (stock).
   */
  readonly templates: number;
  /**
   * Counts one committed write (statement or transaction) to these tables (`CART_TABLES` names, or
   * `STOCK_TAKEN`); none named: every page is stale (the theme's files changed).
   */
  committed(tables: Iterable<string>): void;
}

export function createWriteVersion(): WriteVersion {
  let pages = 0;
  let cart = 0;
  let site = 0;
  let templates = 0;
  return {
    get pages() {
      return pages;
    },
    get cart() {
      return cart;
    },
    get site() {
      return site;
    },
    get templates() {
      return templates;
    },
    committed(tables) {
      const written = [...tables];
      if (written.length === 0 || written.some((t) => t === STOCK_TAKEN || PAGE_TABLES.has(t))) pages++;
      if (written.some((t) => t !== STOCK_TAKEN)) cart++;
      if (written.some((t) => SITE_TABLES.has(t))) site++;
      if (written.some((t) => TEMPLATE_TABLES.has(t))) templates++;
    },
  };
}

class ObservedConnection implements DatabaseConnection {
  inTransaction = false;
  /** The open transaction was ended by `executeAndCommit`: the driver has no COMMIT or ROLLBACK left to send. */
  ended = false;
  /** Counted tables written in the open transaction. */
  readonly written = new Set<string>();
  constructor(
    readonly inner: DatabaseConnection,
    private readonly version: WriteVersion,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.ended) throw new Error('This transaction was committed with its last statement');
    const result = await this.inner.executeQuery<R>(query);
    const tables = writtenTables(query.sql);
    if (tables.length > 0) {
      if (this.inTransaction) for (const table of tables) this.written.add(table);
      else this.version.committed(tables);
    }
    return result;
  }

  /**
   * Sends the open transaction's last statement and its COMMIT in one write (PostgreSQL): the rows
   * it locks are free as soon as the server has run both, not a round trip to this process later.
   * When the statement fails, the server has aborted the transaction, so the COMMIT sent behind it
   * rolls everything back; the statement's error is thrown.
   */
  async executeAndCommit<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (!this.inTransaction) throw new Error('executeAndCommit needs an open transaction');
    // SQLite goes on with a transaction after a failed statement: a COMMIT behind it would keep half of it.
    if (!(this.inner instanceof PgConnection)) throw new Error('executeAndCommit runs on PostgreSQL only');
    const sent = this.inner.executeTogether<R>([query, COMMIT]);
    this.ended = true;
    this.inTransaction = false;
    const tables = [...this.written, ...writtenTables(query.sql)];
    this.written.clear();
    const [result] = await sent;
    if (tables.length > 0) this.version.committed(tables);
    return result;
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

/**
 * The last statement of the transaction `trx` (PostgreSQL), sent with its COMMIT
 * (`ObservedConnection.executeAndCommit`): nothing may run in `trx` after it. When it throws, the
 * transaction was rolled back.
 */
export function executeAndCommit<R>(trx: Transaction<any>, query: CompiledQuery<R>): Promise<QueryResult<R>> {
  return trx.getExecutor().provideConnection((connection) => {
    if (!(connection instanceof ObservedConnection))
      throw new Error('executeAndCommit needs an observed database');
    return connection.executeAndCommit<R>(query);
  });
}

class ObservedDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly version: WriteVersion,
  ) {}

  init() {
    return this.inner.init();
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    return new ObservedConnection(await this.inner.acquireConnection(), this.version);
  }
  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const c = connection as ObservedConnection;
    await this.inner.beginTransaction(c.inner, settings);
    c.inTransaction = true;
    c.ended = false;
    c.written.clear();
  }
  async commitTransaction(connection: DatabaseConnection) {
    const c = connection as ObservedConnection;
    if (c.ended) {
      c.ended = false;
      return;
    }
    await this.inner.commitTransaction(c.inner);
    c.inTransaction = false;
    if (c.written.size > 0) this.version.committed(c.written);
    c.written.clear();
  }
  async rollbackTransaction(connection: DatabaseConnection) {
    const c = connection as ObservedConnection;
    c.inTransaction = false;
    c.written.clear();
    if (c.ended) {
      c.ended = false;
      return;
    }
    await this.inner.rollbackTransaction(c.inner);
  }
  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection((connection as ObservedConnection).inner);
  }
  destroy() {
    return this.inner.destroy();
  }
}

/** Each observed database's version, by its Kysely adapter, which its transactions share. */
const versionOfAdapter = new WeakMap<object, WriteVersion>();

/** The write version of the database `db` is (or is a transaction of); undefined when unobserved. */
export function writeVersionOf(db: Kysely<any>): WriteVersion | undefined {
  return versionOfAdapter.get(db.getExecutor().adapter);
}

/** A dialect whose connections count each committed write to `CART_TABLES` in `version`. */
export function observeWrites(dialect: Dialect, version: WriteVersion): Dialect {
  return {
    createAdapter: () => {
      const adapter = dialect.createAdapter();
      versionOfAdapter.set(adapter, version);
      return adapter;
    },
    createDriver: () => new ObservedDriver(dialect.createDriver(), version),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}
