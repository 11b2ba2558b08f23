/** What the server tells the area about the store (a JSON script in the shell page). */
export interface AreaContext {
  siteTitle: string;
  currency: string;
  locale: string;
  /** The store's time zone, when it has a site (the analytics days are its calendar days). */
  timeZone?: string;
  /** Whether the page was served to a signed-in contributor (config-shell.ts). */
  signedIn: boolean;
}

const FALLBACK: AreaContext = { siteTitle: '', currency: 'USD', locale: 'en-US', signedIn: true };

let current: AreaContext = FALLBACK;

export function readAreaContext(doc: Document): AreaContext {
  const text = doc.getElementById('config-context')?.textContent;
  if (!text) return FALLBACK;
  try {
    return { ...FALLBACK, ...(JSON.parse(text) as Partial<AreaContext>) };
  } catch {
    return FALLBACK;
  }
}

export function setAreaContext(context: AreaContext): void {
  current = context;
}

export function areaContext(): AreaContext {
  return current;
}
