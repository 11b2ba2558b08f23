import { AlertDialog } from '../../ui';

export interface FailureAlertProps {
  open: boolean;
  title: string;
  message: string;
  onClose: () => void;
}

/** Spec §2/§8: the add-item failure alert ('Unable to Add Item' and its variants) with OK. */
export default function FailureAlert({ open, title, message, onClose }: FailureAlertProps) {
  return (
    <AlertDialog
      open={open}
      onClose={onClose}
      title={title}
      message={message}
      className="product-form-alert"
    />
  );
}
