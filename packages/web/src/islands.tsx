import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { PillCart } from './islands/PillCart';
import { ProductForm } from './islands/ProductForm';

// Props arrive as server JSON; each island's props interface is the contract (README.md).
type Island = ComponentType<any>;

/**
 * Island name → loader. Islands on most pages are in the main chunk; the cart page's code is
 * split off so product pages never download it.
 */
export const ISLANDS: Record<string, () => Island | Promise<Island>> = {
  ProductForm: () => ProductForm,
  PillCart: () => PillCart,
  CartPage: () => import('./islands/CartPage').then((m) => m.CartPage),
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
 * Resolves when every island has rendered its first commit request.
 */
export async function mountIslands(root: ParentNode): Promise<void> {
  const elements = Array.from(root.querySelectorAll(`[data-island]:not([${MOUNTED_ATTRIBUTE}])`));
  await Promise.all(
    elements.map(async (el) => {
      const name = el.getAttribute('data-island') ?? '';
      const load = ISLANDS[name];
      const props = readProps(el);
      if (!load) {
        console.warn(`Unknown island "${name}"`);
        return;
      }
      if (!props) {
        console.warn(`Island "${name}" has unreadable data-props`);
        return;
      }
      el.setAttribute(MOUNTED_ATTRIBUTE, '');
      const Component = await load();
      createRoot(el).render(<Component {...props} />);
    }),
  );
}
