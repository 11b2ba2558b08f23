/** Focus helpers shared by the overlays. Visibility is read from attributes, not layout. */

const TABBABLE = [
  'a[href]',
  'area[href]',
  'button',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  'iframe',
  'audio[controls]',
  'video[controls]',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]',
].join(',');

function isTabbable(el: HTMLElement, container: HTMLElement): boolean {
  if (el.tabIndex < 0) return false;
  if ((el as HTMLButtonElement).disabled) return false;
  for (let node: HTMLElement | null = el; node && node !== container; node = node.parentElement) {
    if (node.hidden || node.inert || node.getAttribute('aria-hidden') === 'true') return false;
    if (node.style.display === 'none' || node.style.visibility === 'hidden') return false;
  }
  return true;
}

/** The elements Tab visits inside `container`, in document order. */
export function tabbables(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(TABBABLE)).filter((el) =>
    isTabbable(el, container),
  );
}

/** The element to return focus to later; `body` means none. */
export function currentFocus(): HTMLElement | null {
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}

export function restoreFocus(el: HTMLElement | null | undefined): void {
  if (el?.isConnected) el.focus();
}
