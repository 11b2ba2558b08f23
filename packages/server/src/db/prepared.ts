import type { Compilable, CompiledQuery, Kysely, QueryResult } from 'kysely';
import type { DB } from './schema.js';

/** Marks a named parameter's place while a prepared query is compiled (no real value holds a NUL). */
const SLOT = '\u0000sf-param:';

interface Compiled<O> {
  query: CompiledQuery<O>;
  /** For each parameter of the SQL, the name of the call's parameter that fills it (else a constant). */
  names: (string | undefined)[];
}

/**
 * A query built and compiled once per dialect instead of on every call: Kysely's builder and
 * compiler cost about as much CPU as SQLite running our small statements. `build` receives its
 * parameters as stand-ins and must use each only as a value (not to choose the query's shape,
 * and not null, which Kysely writes as `is null`); the call fills them in by name.
 */
export function prepared<P extends Record<string, unknown>, O>(
  build: (db: Kysely<DB>, params: P) => Compilable<O>,
): (db: Kysely<DB>, params: P) => Promise<O[]> {
  const run = preparedStatement(build);
  return async (db, params) => (await run(db, params)).rows;
}

/** As `prepared`, answering the driver's whole result: the rows, and the count of rows a write changed. */
export function preparedStatement<P extends Record<string, unknown>, O>(
  build: (db: Kysely<DB>, params: P) => Compilable<O>,
): (db: Kysely<DB>, params: P) => Promise<QueryResult<O>> {
  const bind = preparedQuery(build);
  return (db, params) => db.executeQuery<O>(bind(db, params));
}

/** As `prepared`, answering the compiled query with the call's values, for the caller to run. */
export function preparedQuery<P extends Record<string, unknown>, O>(
  build: (db: Kysely<DB>, params: P) => Compilable<O>,
): (db: Kysely<DB>, params: P) => CompiledQuery<O> {
  // Keyed by the dialect's adapter: a transaction shares its database's, and SQL text depends only on it.
  const byAdapter = new WeakMap<object, Compiled<O>>();
  const stand = new Proxy({} as P, { get: (_, name) => SLOT + String(name) });
  return (db, params) => {
    const adapter = db.getExecutor().adapter;
    let compiled = byAdapter.get(adapter);
    if (!compiled) {
      const query = build(db, stand).compile();
      const names = query.parameters.map((p) =>
        typeof p === 'string' && p.startsWith(SLOT) ? p.slice(SLOT.length) : undefined,
      );
      compiled = { query, names };
      byAdapter.set(adapter, compiled);
    }
    const { query, names } = compiled;
    const parameters = names.map((name, i) => (name === undefined ? query.parameters[i] : params[name]));
    return { ...query, parameters };
  };
}

/**
 * The stand-ins of one row among a statement's parameters, named `{prefix}.{column}`: a statement
 * that writes several rows (or another module's write) gives each its own prefix.
 */
export function standInsOf<R extends object>(stand: Record<string, unknown>, prefix: string | number): R {
  return new Proxy({} as R, { get: (_, column) => stand[`${prefix}.${String(column)}`] });
}

/** Puts a row's values among a call's parameters, named as `standInsOf` names their stand-ins. */
export function putParams(params: Record<string, unknown>, prefix: string | number, row: object): void {
  let names = paramNames.get(prefix);
  if (!names) {
    names = new Map();
    paramNames.set(prefix, names);
  }
  for (const [column, value] of Object.entries(row)) {
    let name = names.get(column);
    if (name === undefined) {
      name = `${prefix}.${column}`;
      names.set(column, name);
    }
    params[name] = value;
  }
}

/**
 * `putParams`' names by prefix and column, made once: a statement's rows put about fifty values on
 * every call, and a name built anew each time cost more than the rest of the put.
 */
const paramNames = new Map<string | number, Map<string, string>>();

/**
 * As `prepared`, for an insert of several rows in one statement: compiled once per row count (an
 * order's lines, its downloads: a few counts in practice). `build` receives one stand-in per row
 * and must name every column it writes, as `prepared` asks.
 */
export function preparedInsert<R extends object>(
  build: (db: Kysely<DB>, rows: R[]) => Compilable<unknown>,
): (db: Kysely<DB>, rows: readonly R[]) => Promise<void> {
  const byCount = new Map<number, (db: Kysely<DB>, params: Record<string, unknown>) => Promise<unknown>>();
  return async (db, rows) => {
    if (rows.length === 0) return;
    let run = byCount.get(rows.length);
    if (!run) {
      const count = rows.length;
      run = preparedStatement((db, stand: Record<string, unknown>) =>
        build(
          db,
          Array.from({ length: count }, (_, i) => standInsOf<R>(stand, i)),
        ),
      );
      byCount.set(count, run);
    }
    const params: Record<string, unknown> = {};
    rows.forEach((row, i) => {
      putParams(params, i, row);
    });
    await run(db, params);
  };
}
