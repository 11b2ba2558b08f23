import { type ComponentType, type ReactNode, useEffect } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { PillCart } from './islands/PillCart';
import { loadProductForm, productFormStateFromMarkup } from './islands/ProductForm';

// Props arrive as server JSON; each island's props interface is the contract (README.md).
type Island = ComponentType<any>;

interface IslandDefinition {
  /** The island's code; some pick it by their props. */
  load: (props: Record<string, unknown>) => Island | Promise<Island>;
  /** Extra props read from the server markup just before it is replaced (what the shopper did already). */
  stateFromMarkup?: (el: Element) => Record<string, unknown>;
  /**
   * Loaded at the shopper's first sign of using it (pointer over, focus, touch) or of changing the
   * product choice it follows, not with the page: its server markup reads right until then, and
   * the page's JS stays within budget (docs/islands.md).
   */
  onIntent?: true;
  /** Where the shopper's intent is watched, when not on the island itself (a form it sits in). */
  intentOn?: (el: Element) => Element;
}

/**
 * Island name → definition. Islands on most pages are in the main chunk; the cart page's code is
 * split off so product pages never download it.
 */
export const ISLANDS: Record<string, IslandDefinition> = {
  ProductForm: { load: loadProductForm, stateFromMarkup: productFormStateFromMarkup },
  PillCart: { load: () => PillCart },
  CartPage: { load: () => import('./islands/CartPage').then((m) => m.CartPage) },
  Checkout: { load: () => import('./islands/Checkout').then((m) => m.Checkout) },
  Installments: { load: () => import('./islands/Installments').then((m) => m.Installments), onIntent: true },
  RestockForm: {
    load: () => import('./islands/RestockForm').then((m) => m.RestockForm),
    onIntent: true,
    stateFromMarkup: (el) => ({
      entered: {
        email: el.querySelector<HTMLInputElement>('input[name="email"]')?.value ?? '',
        joinMailingList: el.querySelector<HTMLInputElement>('input[name="isJoinMailingList"]')?.checked,
        revealed: el.querySelector('details')?.open,
      },
    }),
  },
  QuickViewButton: { load: () => import('./islands/QuickViewButton').then((m) => m.QuickViewButton) },
  NewsletterPopup: { load: () => import('./islands/NewsletterPopup').then((m) => m.NewsletterPopup) },
  Gallery: { load: () => import('./islands/Gallery').then((m) => m.Gallery) },
  // A reader who never comments never downloads the captcha: it loads as the comment form is used.
  CommentCaptcha: {
    load: () => import('./islands/CommentCaptcha').then((m) => m.CommentCaptcha),
    onIntent: true,
    intentOn: (el) => el.closest('form') ?? el,
  },
  SiteForm: {
    load: () => import('./islands/SiteForm').then((m) => m.SiteForm),
    // What the visitor typed before the island loaded, so taking over the form loses nothing.
    stateFromMarkup: (el) => {
      const form = el.querySelector('form');
      const entries: [string, string][] = [];
      if (form)
        for (const [name, value] of new FormData(form))
          if (typeof value === 'string') entries.push([name, value]);
      return { initialEntries: entries };
    },
  },
};

/** Set on an element once React owns it, so a second scan never mounts twice. */
const MOUNTED_ATTRIBUTE = 'data-island-mounted';
/**
 * Set once the island's first render is on the page: until then a click reaches the server
 * markup (a plain form post), which is what a test waiting to use the island must wait past.
 */
const READY_ATTRIBUTE = 'data-island-ready';

function Ready({ el, children }: { el: Element; children: ReactNode }) {
  useEffect(() => el.setAttribute(READY_ATTRIBUTE, ''), [el]);
  return children;
}

function readProps(el: Element): Record<string, unknown> | null {
  const raw = el.getAttribute('data-props');
  if (raw === null || raw === '') return {};
  try {
    const props = JSON.parse(raw) as unknown;
    return props && typeof props === 'object' && !Array.isArray(props)
      ? (props as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** On the island: the shopper is about to use it. */
const INTENT_EVENTS = ['pointerover', 'focusin', 'touchstart', 'click'] as const;
/** Anywhere on the page: a product choice changed, which the island may follow. */
const CHOICE_EVENTS = ['input', 'change'] as const;

const CONTROLS = 'a[href], button, input, select, textarea, summary';

/**
 * Resolves at the shopper's first sign of using `el`: pointer, focus or touch on it, or a change
 * of a product choice anywhere on the page.
 */
export function whenIntended(el: Element): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      for (const type of INTENT_EVENTS) el.removeEventListener(type, done);
      for (const type of CHOICE_EVENTS) document.removeEventListener(type, done);
      resolve();
    };
    for (const type of INTENT_EVENTS) el.addEventListener(type, done, { passive: true });
    for (const type of CHOICE_EVENTS) document.addEventListener(type, done, { passive: true });
  });
}

/** Replaces the server markup with the island in one commit. */
async function mount(el: Element, island: IslandDefinition, props: Record<string, unknown>): Promise<Root> {
  el.setAttribute(MOUNTED_ATTRIBUTE, '');
  const Component = await island.load(props);
  const state = island.stateFromMarkup?.(el) ?? {};
  const reactRoot = createRoot(el);
  reactRoot.render(
    <Ready el={el}>
      <Component {...props} {...state} />
    </Ready>,
  );
  return reactRoot;
}

/** Mounts an on-intent island once the shopper shows it, carrying over their click and focus. */
async function mountOnIntent(
  el: Element,
  island: IslandDefinition,
  props: Record<string, unknown>,
): Promise<Root> {
  el.setAttribute(MOUNTED_ATTRIBUTE, '');
  // A plain button pressed before the code arrived is pressed again on the island: not lost.
  let clicked = -1;
  const recordClick = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest('button[type="button"]') : null;
    if (button) clicked = Array.from(el.querySelectorAll('button')).indexOf(button as HTMLButtonElement);
  };
  el.addEventListener('click', recordClick);
  const watched = island.intentOn?.(el) ?? el;
  // A form sent before the island arrived is held and sent again once it is there (its check runs).
  let held = false;
  const hold = (event: Event) => {
    event.preventDefault();
    held = true;
  };
  // The form is around the island (the comment captcha) or inside it (the footer sign-up).
  const form = watched instanceof HTMLFormElement ? watched : watched.querySelector('form');
  form?.addEventListener('submit', hold);
  await whenIntended(watched);
  const Component = await island.load(props);
  el.removeEventListener('click', recordClick);
  // Focus goes back to the island's field of that name, or else in that place among its controls.
  const controls = () => Array.from(el.querySelectorAll<HTMLElement>(CONTROLS));
  const active = el.contains(document.activeElement) ? document.activeElement : null;
  const name = active?.getAttribute('name');
  const place = active ? controls().indexOf(active as HTMLElement) : -1;
  const state = island.stateFromMarkup?.(el) ?? {};
  const reactRoot = createRoot(el);
  flushSync(() =>
    reactRoot.render(
      <Ready el={el}>
        <Component {...props} {...state} />
      </Ready>,
    ),
  );
  if (name) el.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]`)?.focus();
  else if (place >= 0) controls()[place]?.focus();
  if (clicked >= 0) el.querySelectorAll('button')[clicked]?.click();
  form?.removeEventListener('submit', hold);
  // After the widget has connected (its listeners attach in a microtask), so its check runs.
  // A form inside the island was replaced by the island's own: that one is sent.
  if (held) setTimeout(() => (form?.isConnected ? form : el.querySelector('form'))?.requestSubmit());
  return reactRoot;
}

/**
 * Mounts every `[data-island]` under `root`, replacing the server markup in one commit. An
 * unknown name or unreadable props leaves the server markup in place (it works without JS).
 * Resolves, once every island's code has loaded and its render is requested, to the React roots;
 * an on-intent island mounts later, when `onMount` (if given) receives its root.
 */
export async function mountIslands(root: ParentNode, onMount?: (root: Root) => void): Promise<Root[]> {
  const elements = Array.from(root.querySelectorAll(`[data-island]:not([${MOUNTED_ATTRIBUTE}])`));
  const roots = await Promise.all(
    elements.map(async (el): Promise<Root | null> => {
      const name = el.getAttribute('data-island') ?? '';
      const island = Object.hasOwn(ISLANDS, name) ? ISLANDS[name] : undefined;
      const props = readProps(el);
      if (!island) {
        console.warn(`Unknown island "${name}"`);
        return null;
      }
      if (!props) {
        console.warn(`Island "${name}" has unreadable data-props`);
        return null;
      }
      // A block on every page (the footer's sign-up) asks for on-intent loading itself.
      if (island.onIntent || el.hasAttribute('data-island-intent')) {
        void mountOnIntent(el, island, props).then((r) => onMount?.(r));
        return null;
      }
      return mount(el, island, props);
    }),
  );
  return roots.filter((r): r is Root => r !== null);
}
