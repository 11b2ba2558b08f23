import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { killProcess, spawnServer } from '../../packages/server/test/support/process.js';

export interface RunningServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  log(): string;
  stop(): Promise<void>;
}

/**
 * Starts the real server as `npm start` does (empty data folder → demo store), or with another
 * serving command (`args`, e.g. `theme dev DIR`), and waits for /healthz.
 */
export async function startServer(env: Record<string, string> = {}, args?: string[]): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-e2e-'));
  const server = await spawnServer({ DATA_DIR: dataDir, DATABASE_URL: '', ...env }, args);
  return {
    url: server.url,
    dataDir,
    process: server.child,
    log: server.log,
    stop: async () => {
      await killProcess(server.child, 'SIGTERM');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
