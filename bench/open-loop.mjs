// An open-loop load generator: requests are due at a steady rate whatever the server answers, and
// each latency runs from the moment its request was due, so time spent queued behind a slow answer
// (in the client's pool or in a shopper's turn) counts, the treatment of coordinated omission that
// wrk2 uses. autocannon's rate option is neither steady nor corrected in the right unit (see
// bench/RESULTS.md, 2026-11-26).
import http from 'node:http';
import { performance } from 'node:perf_hooks';

/** How often the scheduler wakes to start the requests that have fallen due (Node's timer floor). */
const TICK_MS = 1;

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * Runs `rate` requests a second for `durationS` seconds on a keep-alive pool of `connections`
 * sockets. `shoppers` request chains share the schedule round-robin: a shopper's next request is
 * sent once its previous one answered (it needs that answer's cookie), so a slow answer delays the
 * shopper's next request and that delay is part of its latency. `next(shopper)` gives the request
 * ({ path, method, headers, body }); `onAnswer(shopper, status, headers, body)` sees each answer.
 * Answers `{ latencies (ms, sorted), sent, non2xx, errors, durationS, lateStartMs }`.
 */
export async function openLoop({ url, rate, durationS, connections, shoppers, next, onAnswer }) {
  const { hostname, port } = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const intervalMs = 1000 / rate;
  const total = Math.round(rate * durationS);
  const latencies = [];
  let non2xx = 0;
  let errors = 0;
  /** The largest delay between a request falling due and the scheduler starting it. */
  let lateStartMs = 0;
  const turns = Array.from({ length: shoppers }, () => Promise.resolve());

  const send = (shopper) =>
    new Promise((resolve) => {
      const r = next(shopper);
      const req = http.request(
        { agent, hostname, port, method: r.method, path: r.path, headers: r.headers },
        (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => {
            if (res.statusCode >= 300) non2xx++;
            onAnswer(shopper, res.statusCode, res.headers, Buffer.concat(chunks).toString());
            resolve();
          });
          res.on('error', () => {
            errors++;
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end(r.body);
    });

  const start = performance.now();
  let started = 0;
  while (started < total) {
    const now = performance.now();
    const due = Math.min(total, Math.floor((now - start) / intervalMs) + 1);
    for (; started < due; started++) {
      const dueAt = start + started * intervalMs;
      lateStartMs = Math.max(lateStartMs, now - dueAt);
      const shopper = started % shoppers;
      turns[shopper] = turns[shopper].then(async () => {
        await send(shopper);
        latencies.push(performance.now() - dueAt);
      });
    }
    await new Promise((resolve) => setTimeout(resolve, TICK_MS));
  }
  await Promise.all(turns);
  const durationMs = performance.now() - start;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { latencies, sent: total, non2xx, errors, durationS: durationMs / 1000, lateStartMs };
}

/** The figures of an open-loop run, rounded as autocannon rounds its own. */
export function summary(run) {
  const at = (p) => Math.round(percentile(run.latencies, p) * 10) / 10;
  return {
    requests: { average: run.sent / run.durationS },
    latency: { p50: at(50), p99: at(99), p999: at(99.9), max: at(100) },
    non2xx: run.non2xx,
    errors: run.errors,
  };
}
