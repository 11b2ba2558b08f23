/** Value of a script-readable cookie, or null. */
export function readCookie(name: string, cookieString: string = document.cookie): string | null {
  for (const part of cookieString.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      const raw = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  return null;
}

/** docs/api.md: the CSRF double-submit cookie every mutating call echoes back. */
export const CRUMB_COOKIE = 'crumb';

export function readCrumb(): string {
  return readCookie(CRUMB_COOKIE) ?? '';
}
