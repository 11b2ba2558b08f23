import type { Database } from '../../db/index.js';
import { type Clock, systemClock } from '../../platform/clock.js';
import { type PollingJob, startPollingJob } from '../../platform/jobs.js';
import { releaseAbandonedReservations } from './service.js';

/** How often abandoned checkout reservations are looked for. */
const SWEEP_POLL_MS = 60_000;

/**
 * Frees the stock, gift card balance and coupon uses held by checkouts that died between
 * reserving and paying (a crash or a kill mid-payment), once they are RESERVATION_TIMEOUT_MS old.
 */
export function startReservationSweeper(
  database: Database,
  log: { info(data: object, message: string): void; warn(data: object, message: string): void },
  clock: Clock = systemClock,
): PollingJob<number> {
  return startPollingJob({
    async pass() {
      // The context's website is a placeholder: each reservation is released under its own.
      const released = await releaseAbandonedReservations({ db: database.db, websiteId: '', clock });
      if (released > 0) log.info({ released }, 'released abandoned checkout reservations');
      return released;
    },
    pollMs: SWEEP_POLL_MS,
    failureMessage: 'reservation sweep failed',
    log,
  });
}
