/**
 * Group commit of analytics events: requests hand their events to one queue and wait; the queue
 * is written in one transaction once the event loop has taken in what arrived (or after
 * `flushMs`), or as soon as `maxBatch` events wait, and each request is answered only after its
 * events are committed. Many events share one commit (fast), and an acknowledged event has
 * always been written (it survives the process being killed).
 */
export interface WriterOptions {
  /**
   * Longest wait before a batch is written; 0 writes as soon as the requests that arrived with
   * this one have been read (the batch adapts to the load: one event when quiet, hundreds busy).
   */
  flushMs: number;
  /** Events that start a write at once. */
  maxBatch: number;
  /**
   * Batches written at once. Above 1 only where commits wait on the database, not on this
   * process (PostgreSQL): the next batch is written while the last one's commit is flushed.
   */
  concurrency?: number;
}

/**
 * No timer: a fixed wait left the process idle between batches (every connection waiting on the
 * same timer), the loop's own turn batches just as well under load.
 */
export const DEFAULT_WRITER_OPTIONS: WriterOptions = { flushMs: 0, maxBatch: 2000 };

interface Waiting<T> {
  rows: T[];
  resolve(): void;
  reject(err: unknown): void;
}

export class GroupCommitWriter<T> {
  private waiting: Waiting<T>[] = [];
  private queued = 0;
  private scheduled = false;
  private timer: NodeJS.Timeout | null = null;
  private readonly writing = new Set<Promise<void>>();

  constructor(
    private readonly write: (rows: T[]) => Promise<void>,
    private readonly options: WriterOptions = DEFAULT_WRITER_OPTIONS,
  ) {}

  /** Resolves once `rows` are committed; rejects when their batch could not be written. */
  add(rows: T[]): Promise<void> {
    if (rows.length === 0) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ rows, resolve, reject });
      this.queued += rows.length;
      if (this.queued >= this.options.maxBatch) this.kick();
      else this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    if (this.options.flushMs > 0) this.timer = setTimeout(() => this.kick(), this.options.flushMs);
    else setImmediate(() => this.kick());
  }

  private kick(): void {
    this.scheduled = false;
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.writing.size >= (this.options.concurrency ?? 1) || this.waiting.length === 0) return;
    const batch = this.waiting;
    this.waiting = [];
    this.queued = 0;
    const writing: Promise<void> = this.write(batch.flatMap((w) => w.rows)).then(
      () => {
        for (const w of batch) w.resolve();
      },
      (err) => {
        for (const w of batch) w.reject(err);
      },
    );
    this.writing.add(writing);
    void writing.finally(() => {
      this.writing.delete(writing);
      // What arrived during the write goes in the next commit straight away.
      if (this.waiting.length > 0) this.kick();
    });
  }

  /** Writes what waits (the server is closing). */
  async close(): Promise<void> {
    while (this.writing.size > 0 || this.waiting.length > 0) {
      this.kick();
      await Promise.all([...this.writing]).catch(() => undefined);
    }
  }
}
