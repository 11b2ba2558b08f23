/** Injectable time, so tests of timings never sleep. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
