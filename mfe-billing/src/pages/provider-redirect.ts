/** Leaves the site for the payment provider's hosted card page (an object, so tests can replace it). */
export const providerRedirect = {
  go(url: string): void {
    window.location.assign(url);
  },
};
