/** Leaving the page after an order; an object so tests can watch it instead of navigating. */
export const navigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
