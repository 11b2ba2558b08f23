import { type ReactNode, useId, useRef } from 'react';
import { Dialog } from './Dialog';

/** Text of the alert's only button. */
export const ALERT_OK_TEXT = 'OK';

export interface AlertDialogProps {
  open: boolean;
  /** Called for the OK button and Escape. */
  onClose: () => void;
  title: ReactNode;
  message: ReactNode;
  okText?: string;
  className?: string;
}

/**
 * `role="alertdialog"` with a title, a message (its description) and an OK button that has focus
 * while it is open. A click outside does not dismiss it: the shopper acknowledges it.
 */
export function AlertDialog({ open, onClose, title, message, okText, className }: AlertDialogProps) {
  const messageId = useId();
  const okRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      role="alertdialog"
      describedBy={messageId}
      closeOnOutsideClick={false}
      showCloseButton={false}
      initialFocus={okRef}
      className={className ? `sf-alert-dialog ${className}` : 'sf-alert-dialog'}
    >
      <p id={messageId} className="sf-alert-dialog-message">
        {message}
      </p>
      <div className="sf-alert-dialog-actions">
        <button ref={okRef} type="button" className="sf-alert-dialog-ok" onClick={onClose}>
          {okText ?? ALERT_OK_TEXT}
        </button>
      </div>
    </Dialog>
  );
}
