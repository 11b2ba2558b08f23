import type { ReactNode } from 'react';
import { Dialog } from '../../ui/Dialog';

/**
 * An edit that opens beside the screen it came from. It is a route of its own: closing it goes to
 * the parent URL, so Back closes it too and a link opens it again.
 */
export function Drawer({
  title,
  onClose,
  children,
  wide,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      className={wide ? 'cfg-drawer cfg-drawer-wide' : 'cfg-drawer'}
    >
      {children}
    </Dialog>
  );
}
