import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type pg from 'pg';

const BEGIN = CompiledQuery.raw('begin');
export const COMMIT = CompiledQuery.raw('commit');
const ROLLBACK = CompiledQuery.raw('rollback');
const WRITES = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

/**
 * Kysely's PostgreSQL dialect over a node-postgres pool whose clients pipeline, with a driver of
 * our own for what Kysely's does not do. Each query is a write to the server's socket and a wake-up
 * of its process, and on this store's hardware those cost about as much CPU as running our small
 * statements, so:
 * - a transaction's BEGIN goes out with its first statement, in one write;
 * - several statements can go out in one write (`PgConnection.executeTogether`), as a
 *   transaction's last statement does with its COMMIT (`executeAndCommit`);
 * - each connection names the first `statementNames` distinct parameterised texts it sends, so the
 *   server parses them once per connection and may reuse their plan (texts past the limit go
 *   unnamed, keeping the server's memory per connection bounded). Unnamed, the server parsed and
 *   planned every statement anew: about half of its CPU per order.
 */
export function pipelinedPgDialect(pool: pg.Pool, statementNames: number): Dialect {
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new PgDriver(pool, statementNames),
    createQueryCompiler: () => new PostgresQueryCompiler(),
    createIntrospector: (db) => new PostgresIntrospector(db),
  };
}

export class PgConnection implements DatabaseConnection {
  /** A transaction was begun and nothing has run in it yet: its BEGIN goes out with the first statement. */
  beginPending = false;
  private readonly names = new Map<string, string>();

  constructor(
    readonly client: pg.PoolClient,
    private readonly statementNames: number,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (!this.beginPending) return answer<R>(await this.send(query));
    const [result] = await this.executeTogether<R>([query]);
    return result;
  }

  /**
   * Sends `queries` (after a pending BEGIN) in one write and answers their results once all are
   * in. A failure is thrown (the first, in sending order) only then, so the connection is idle
   * again; in a transaction, a failed statement aborts it and the statements behind it do nothing
   * (a COMMIT among them ends it as a ROLLBACK).
   */
  async executeTogether<R>(queries: readonly CompiledQuery[]): Promise<QueryResult<R>[]> {
    const all = this.beginPending ? [BEGIN, ...queries] : queries;
    this.beginPending = false;
    const stream = this.client.connection.stream;
    stream.cork();
    let sent: Promise<pg.QueryResult>[];
    try {
      sent = all.map((q) => this.send(q));
    } finally {
      stream.uncork();
    }
    const settled = await Promise.allSettled(sent);
    const failed = settled.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
    const results = settled.map((s) => answer<R>((s as PromiseFulfilledResult<pg.QueryResult>).value));
    return all === queries ? results : results.slice(1);
  }

  streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not supported by this PostgreSQL driver');
  }

  private send(query: CompiledQuery): Promise<pg.QueryResult> {
    const { sql, parameters } = query;
    // Without parameters a statement goes by the simple protocol (begin, commit, DDL), unnamed.
    if (parameters.length === 0) return this.client.query(sql);
    let name = this.names.get(sql);
    if (name === undefined && this.names.size < this.statementNames) {
      name = `sf_${this.names.size}`;
      this.names.set(sql, name);
    }
    return this.client.query({ name, text: sql, values: parameters as unknown[] });
  }
}

function answer<R>(result: pg.QueryResult): QueryResult<R> {
  return {
    numAffectedRows: WRITES.has(result.command) ? BigInt(result.rowCount ?? 0) : undefined,
    rows: (result.rows ?? []) as R[],
  };
}

class PgDriver implements Driver {
  private readonly connections = new WeakMap<pg.PoolClient, PgConnection>();
  private ended = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly statementNames: number,
  ) {}

  async init() {}

  async acquireConnection(): Promise<PgConnection> {
    const client = await this.pool.connect();
    let connection = this.connections.get(client);
    if (!connection) {
      connection = new PgConnection(client, this.statementNames);
      this.connections.set(client, connection);
    }
    return connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    if (settings.isolationLevel || settings.accessMode)
      throw new Error('Transactions here run at the default isolation level and access mode');
    (connection as PgConnection).beginPending = true;
  }

  async commitTransaction(connection: DatabaseConnection) {
    const c = connection as PgConnection;
    // Nothing ran, so nothing was begun.
    if (c.beginPending) c.beginPending = false;
    else await c.executeQuery(COMMIT);
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    const c = connection as PgConnection;
    if (c.beginPending) c.beginPending = false;
    else await c.executeQuery(ROLLBACK);
  }

  async releaseConnection(connection: DatabaseConnection) {
    (connection as PgConnection).client.release();
  }

  async destroy() {
    if (this.ended) return;
    this.ended = true;
    await this.pool.end();
  }
}
