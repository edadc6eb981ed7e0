import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { browserStorage } from '@ukd/api-client';
import { CREDIT_PACKAGE_IDS, type CreditPackageId } from '@ukd/contracts/api/constants';

/**
 * SPEC "Credit state: selectedPackage" (null until chosen), plus the checkout's client key:
 * one key per chosen package, sent with every order request, so a double click, Back or
 * reload answers the same order and the member is never charged twice. Both survive a reload
 * of the tab (sessionStorage) and end with the checkout.
 */
export interface BillingState {
  selectedPackage: CreditPackageId | null;
  checkoutKey: string | null;
  /** Where the member was when sent to buy (e.g. the conversation a send was refused in). */
  returnTo: string | null;
}

export const CHECKOUT_STORAGE_KEY = 'ukd.billing.checkout';
const empty: BillingState = { selectedPackage: null, checkoutKey: null, returnTo: null };

/** A path on this site, never another origin (`//evil.example`) or a script URL. */
export function isSafeReturnPath(value: unknown): value is string {
  return typeof value === 'string' && /^\/(?!\/)[A-Za-z0-9/_-]{0,200}$/.test(value);
}

function isPackageId(value: unknown): value is CreditPackageId {
  return typeof value === 'string' && (CREDIT_PACKAGE_IDS as readonly string[]).includes(value);
}

/** The checkout this tab had before a reload, if any (anything malformed is ignored). */
export function restoreCheckout(
  storage: Pick<Storage, 'getItem'> | undefined = browserStorage('session'),
): BillingState {
  try {
    const saved = JSON.parse(
      storage?.getItem(CHECKOUT_STORAGE_KEY) ?? 'null',
    ) as Partial<BillingState> | null;
    if (!saved) return empty;
    const returnTo = isSafeReturnPath(saved.returnTo) ? saved.returnTo : null;
    if (!isPackageId(saved.selectedPackage) || typeof saved.checkoutKey !== 'string')
      return { ...empty, returnTo };
    return { selectedPackage: saved.selectedPackage, checkoutKey: saved.checkoutKey, returnTo };
  } catch {
    return empty;
  }
}

export function saveCheckout(
  state: BillingState,
  storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined = browserStorage('session'),
): void {
  try {
    if (state.selectedPackage || state.returnTo)
      storage?.setItem(CHECKOUT_STORAGE_KEY, JSON.stringify(state));
    else storage?.removeItem(CHECKOUT_STORAGE_KEY);
  } catch {
    // Private browsing may refuse storage: the checkout still works, only a reload forgets it.
  }
}

export const billingSlice = createSlice({
  name: 'billing',
  initialState: restoreCheckout,
  reducers: {
    packageSelected: {
      reducer(state, action: PayloadAction<{ id: CreditPackageId; key: string }>) {
        // Choosing again (even the same package) starts a new checkout with a new key.
        state.selectedPackage = action.payload.id;
        state.checkoutKey = action.payload.key;
      },
      prepare: (id: CreditPackageId) => ({ payload: { id, key: crypto.randomUUID() } }),
    },
    /** Remembers where to send the member back after paying (ignored unless a path on this site). */
    returnToSet(state, action: PayloadAction<string | null>) {
      state.returnTo = isSafeReturnPath(action.payload) ? action.payload : null;
    },
    checkoutFinished() {
      return empty;
    },
  },
});

export const { packageSelected, returnToSet, checkoutFinished } = billingSlice.actions;

declare module '@ukd/store' {
  interface LazyLoadedSlices extends WithSlice<typeof billingSlice> {}
}

type WithBilling = { billing?: BillingState };
export const selectSelectedPackage = (state: WithBilling) => state.billing?.selectedPackage ?? null;
export const selectCheckoutKey = (state: WithBilling) => state.billing?.checkoutKey ?? null;
export const selectReturnTo = (state: WithBilling) => state.billing?.returnTo ?? null;
export const selectBilling = (state: WithBilling): BillingState => state.billing ?? empty;
