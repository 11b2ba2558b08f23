import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';

const SERVER_BIN = new URL('../../bin/storefront.ts', import.meta.url).pathname;
/** A cold start migrates and may seed the demo store: allow for a slow, shared machine. */
const START_TIMEOUT_MS = 60_000;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process printed so far. */
  log(): string;
}

/**
 * Starts `storefront start` (or another serving command, `args`) as a real process on a free
 * loopback port and waits for /healthz.
 */
export async function spawnServer(env: Record<string, string>, args = ['start']): Promise<ServerProcess> {
  const port = await freePort();
  let output = '';
  const child = spawn(
    process.execPath,
    ['--conditions=storefront-source', '--import', 'tsx', SERVER_BIN, ...args],
    {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const collect = (d: Buffer) => {
    output += d;
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, child, log: () => output };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not answer /healthz:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Sends a signal and resolves once the process has exited. */
export function killProcess(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill(signal);
  return exited;
}

/** Runs the CLI as a process; `stdin` is piped when given, otherwise standard input is empty and not a terminal. */
export function runCli(args: string[], env: Record<string, string>, stdin?: string) {
  return new Promise<{ code: number | null; out: string; err: string }>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--conditions=storefront-source', '--import', 'tsx', SERVER_BIN, ...args],
      {
        env: { ...process.env, LOG_LEVEL: 'warn', ...env },
        stdio: [stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
      },
    );
    let out = '';
    let err = '';
    child.stdout!.on('data', (d) => {
      out += d;
    });
    child.stderr!.on('data', (d) => {
      err += d;
    });
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, out, err }));
    if (stdin !== undefined) child.stdin!.end(stdin);
  });
}
