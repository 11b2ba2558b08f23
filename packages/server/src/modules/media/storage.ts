import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A stored object's bytes, streamed, and its length. */
export interface StoredObject {
  stream: Readable;
  size: number;
}

/**
 * Where uploaded media live, by key ('images/{id}/500w.webp', 'files/{id}'). The filesystem is
 * the default; a bucket plugs in by implementing these three calls.
 */
export interface MediaStorage {
  put(key: string, data: Buffer | Readable): Promise<void>;
  /** null when there is no such key. */
  get(key: string): Promise<StoredObject | null>;
  /** Removing a key that is not there is not an error. */
  delete(key: string): Promise<void>;
}

/** Keys are our own ids and names: lower-case path segments, never '..' or absolute. */
const KEY_RE = /^[a-z0-9_-]+(\/[a-z0-9_-]+(\.[a-z0-9]+)?)*$/;

export function assertKey(key: string): void {
  if (!KEY_RE.test(key)) throw new Error(`Invalid media key "${key}"`);
}

/** Stores each key as a file under `root` (DATA_DIR/media by default). */
export class FsMediaStorage implements MediaStorage {
  constructor(private readonly root: string) {}

  private file(key: string): string {
    assertKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, data: Buffer | Readable): Promise<void> {
    const target = this.file(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    // Written beside the target and renamed, so a reader never sees half a file.
    const partial = `${target}.partial`;
    try {
      await pipeline(Buffer.isBuffer(data) ? Readable.from([data]) : data, createWriteStream(partial));
      await fs.rename(partial, target);
    } catch (error) {
      await fs.rm(partial, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    const target = this.file(key);
    try {
      const stat = await fs.stat(target);
      if (!stat.isFile()) return null;
      return { stream: createReadStream(target), size: stat.size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.file(key), { force: true });
  }
}
