/**
 * Spec §8 "Display strings", also exported alone: the template engine's browser bundle needs only
 * these two, and naming them directly lets the bundler leave MESSAGES out.
 */
export const SUBSCRIPTION_UNAVAILABLE = 'Unavailable';
export const NO_ANSWER = 'N/A';
