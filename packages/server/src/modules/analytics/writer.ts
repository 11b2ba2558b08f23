/**
 * Group commit of analytics events: requests hand their events to one queue and wait; the queue
 * is written in one transaction every `flushMs` or as soon as `maxBatch` events wait, and each
 * request is answered only after its events are committed. Many events share one commit (fast),
 * and an acknowledged event has always been written (it survives the process being killed).
 */
export interface WriterOptions {
  /** Longest wait before a batch is written. */
  flushMs: number;
  /** Events that start a write at once. */
  maxBatch: number;
}

/** A few milliseconds of waiting lets hundreds of events share a commit under load. */
export const DEFAULT_WRITER_OPTIONS: WriterOptions = { flushMs: 5, maxBatch: 1000 };

interface Waiting<T> {
  rows: T[];
  resolve(): void;
  reject(err: unknown): void;
}

export class GroupCommitWriter<T> {
  private waiting: Waiting<T>[] = [];
  private queued = 0;
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> | null = null;

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
      else this.timer ??= setTimeout(() => this.kick(), this.options.flushMs);
    });
  }

  private kick(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.writing || this.waiting.length === 0) return;
    const batch = this.waiting;
    this.waiting = [];
    this.queued = 0;
    this.writing = this.write(batch.flatMap((w) => w.rows)).then(
      () => {
        for (const w of batch) w.resolve();
      },
      (err) => {
        for (const w of batch) w.reject(err);
      },
    );
    void this.writing.finally(() => {
      this.writing = null;
      // What arrived during the write goes in the next commit straight away.
      if (this.waiting.length > 0) this.kick();
    });
  }

  /** Writes what waits (the server is closing). */
  async close(): Promise<void> {
    while (this.writing || this.waiting.length > 0) {
      this.kick();
      await this.writing?.catch(() => undefined);
    }
  }
}
