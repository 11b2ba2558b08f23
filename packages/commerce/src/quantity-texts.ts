// Spec §5 "Add to cart": the quantity messages, in their own module so a bundle with the quantity
// rule carries these two and not every message (message-texts.ts re-exports them).
export const quantityNotANumber = 'Quantity must be a number.';
export const quantityNotAWholeNumber = 'Quantity must be a whole number';
