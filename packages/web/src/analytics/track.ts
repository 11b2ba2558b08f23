/** DOM event the islands raise for an analytics event (the analytics script listens). */
export const TRACK_EVENT = 'sf:track';

export interface TrackDetail {
  name: string;
  data: Record<string, unknown>;
}

/** Hands an analytics event (spec §7 names) to the analytics script, if it runs on this page. */
export function track(name: string, data: Record<string, unknown> = {}): void {
  document.dispatchEvent(new CustomEvent<TrackDetail>(TRACK_EVENT, { detail: { name, data } }));
}
