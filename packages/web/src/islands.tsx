import type { ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { PillCart } from './islands/PillCart';
import { ProductForm, productFormStateFromMarkup } from './islands/ProductForm';

// Props arrive as server JSON; each island's props interface is the contract (README.md).
type Island = ComponentType<any>;

interface IslandDefinition {
  load: () => Island | Promise<Island>;
  /** Extra props read from the server markup just before it is replaced (what the shopper did already). */
  stateFromMarkup?: (el: Element) => Record<string, unknown>;
}

/**
 * Island name → definition. Islands on most pages are in the main chunk; the cart page's code is
 * split off so product pages never download it.
 */
export const ISLANDS: Record<string, IslandDefinition> = {
  ProductForm: { load: () => ProductForm, stateFromMarkup: productFormStateFromMarkup },
  PillCart: { load: () => PillCart },
  CartPage: { load: () => import('./islands/CartPage').then((m) => m.CartPage) },
  Checkout: { load: () => import('./islands/Checkout').then((m) => m.Checkout) },
  Installments: { load: () => import('./islands/Installments').then((m) => m.Installments) },
  RestockForm: { load: () => import('./islands/RestockForm').then((m) => m.RestockForm) },
  QuickViewButton: { load: () => import('./islands/QuickViewButton').then((m) => m.QuickViewButton) },
  Gallery: { load: () => import('./islands/Gallery').then((m) => m.Gallery) },
  CommentCaptcha: { load: () => import('./islands/CommentCaptcha').then((m) => m.CommentCaptcha) },
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

/**
 * Mounts every `[data-island]` under `root`, replacing the server markup in one commit. An
 * unknown name or unreadable props leaves the server markup in place (it works without JS).
 * Resolves, once every island's code has loaded and its render is requested, to the React roots.
 */
export async function mountIslands(root: ParentNode): Promise<Root[]> {
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
      el.setAttribute(MOUNTED_ATTRIBUTE, '');
      const Component = await island.load();
      const state = island.stateFromMarkup?.(el) ?? {};
      const reactRoot = createRoot(el);
      reactRoot.render(<Component {...props} {...state} />);
      return reactRoot;
    }),
  );
  return roots.filter((r): r is Root => r !== null);
}
