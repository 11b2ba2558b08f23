import { useEffect, useState } from 'react';

export type PresenceState = 'open' | 'closing' | 'closed';

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * Keeps an overlay rendered for `durationMs` after it is closed so the exit animation can play
 * ('closing'), then reports 'closed'. With reduced motion there is nothing to wait for.
 */
export function usePresence(open: boolean, durationMs: number): PresenceState {
  const [previous, setPrevious] = useState(open);
  const [closing, setClosing] = useState(false);
  if (open !== previous) {
    setPrevious(open);
    setClosing(!open && durationMs > 0 && !prefersReducedMotion());
  }
  useEffect(() => {
    if (!closing) return;
    const id = setTimeout(() => setClosing(false), durationMs);
    return () => clearTimeout(id);
  }, [closing, durationMs]);
  return open ? 'open' : closing ? 'closing' : 'closed';
}
