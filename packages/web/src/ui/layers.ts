/**
 * The stack of open overlays (dialogs and popovers) on the page. Only the topmost one answers
 * Escape, and a modal only pulls focus back from elements that are not inside a layer above it
 * (a popover opened from inside a dialog keeps its focus).
 */
export interface Layer {
  element: () => HTMLElement | null;
  onEscape: () => void;
}

const stack: Layer[] = [];

function onKeyDown(event: KeyboardEvent) {
  if (event.key !== 'Escape' || event.defaultPrevented) return;
  const top = stack[stack.length - 1];
  if (!top) return;
  event.preventDefault();
  top.onEscape();
}

export function pushLayer(layer: Layer): () => void {
  if (stack.length === 0) document.addEventListener('keydown', onKeyDown);
  stack.push(layer);
  return () => {
    const index = stack.indexOf(layer);
    if (index >= 0) stack.splice(index, 1);
    if (stack.length === 0) document.removeEventListener('keydown', onKeyDown);
  };
}

/** Whether `target` is inside a layer opened after `layer`. */
export function isInLayerAbove(layer: Layer, target: Node): boolean {
  const index = stack.indexOf(layer);
  return stack.slice(index + 1).some((above) => above.element()?.contains(target) ?? false);
}

export function isTopLayer(layer: Layer): boolean {
  return stack[stack.length - 1] === layer;
}
