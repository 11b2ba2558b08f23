export { ALERT_OK_TEXT, AlertDialog, type AlertDialogProps } from './AlertDialog';
export { DIALOG_CLOSE_LABEL, Dialog, type DialogProps } from './Dialog';
export { DEFAULT_POPOVER_PLACEMENT, Popover, type PopoverPlacement, type PopoverProps } from './Popover';
