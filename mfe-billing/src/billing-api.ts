import { baseApi } from '@ukd/api-client/rtk';
import type { ApiRequest } from '@ukd/contracts';
import type {
  CreateCreditOrderBody,
  CreateCreditOrderResponse,
  CreditOrder,
  CreditOrderStatusResponse,
  CreditPackagesResponse,
  VipStatusResponse,
} from '@ukd/contracts/api';

/** The error RTK Query hands back: status, summary and the first message per field. */
export interface BillingApiError {
  status: number;
  message: string;
  fieldErrors: Record<string, string>;
}

/**
 * The shell's `ApiError`, recognised by its shape: a remote bundles its own copy of the class,
 * so `instanceof` would lose status and field messages.
 */
export function toBillingError(error: unknown): BillingApiError {
  if (error && typeof error === 'object' && typeof (error as { status?: unknown }).status === 'number') {
    const e = error as { status: number; message?: string; fieldErrors?: Record<string, string> };
    return { status: e.status, message: e.message ?? '', fieldErrors: e.fieldErrors ?? {} };
  }
  return { status: 0, message: error instanceof Error ? error.message : String(error), fieldErrors: {} };
}

interface ShellCall {
  url: string;
  method?: 'GET' | 'POST';
  auth?: boolean;
  body?: unknown;
  /** Polls are background calls: no progress bar, form errors untouched. */
  background?: boolean;
}

/**
 * A `queryFn` through the shell's API client (the store's thunk `extra`), answering the
 * envelope's `data` (RTK Query applies no `transformResponse` to a `queryFn`).
 */
function viaShell<Arg, Result>(toCall: (arg: Arg) => ShellCall) {
  return async (
    arg: Arg,
    { extra, signal }: { extra: unknown; signal: AbortSignal },
  ): Promise<{ data: Result; error?: undefined } | { error: BillingApiError; data?: undefined }> => {
    const { url, ...options } = toCall(arg);
    try {
      const raw = await (extra as { api: ApiRequest }).api<{ data: Result }>(url, { ...options, signal });
      return { data: raw.data };
    } catch (error) {
      return { error: toBillingError(error) };
    }
  };
}

/** This remote's endpoints on the site's one RTK Query api. */
export const billingApi = baseApi.enhanceEndpoints({ addTagTypes: ['CreditOrders'] }).injectEndpoints({
  endpoints: (build) => ({
    creditPackages: build.query<CreditPackagesResponse['data'], void>({
      queryFn: viaShell<void, CreditPackagesResponse['data']>(() => ({
        url: '/credit-packages',
        auth: false,
      })),
      keepUnusedDataFor: 300,
    }),
    createCreditOrder: build.mutation<CreateCreditOrderResponse['data'], CreateCreditOrderBody>({
      queryFn: viaShell<CreateCreditOrderBody, CreateCreditOrderResponse['data']>((body) => ({
        url: '/credit-orders',
        method: 'POST',
        body,
      })),
      invalidatesTags: ['CreditOrders'],
    }),
    creditOrder: build.query<CreditOrderStatusResponse['data'], string>({
      queryFn: viaShell<string, CreditOrderStatusResponse['data']>((reference) => ({
        url: `/credit-orders/${encodeURIComponent(reference)}`,
        background: true,
      })),
      providesTags: ['CreditOrders'],
    }),
    creditOrderHistory: build.query<CreditOrder[], void>({
      queryFn: viaShell<void, CreditOrder[]>(() => ({ url: '/credit-orders' })),
      providesTags: ['CreditOrders'],
    }),
    vipStatus: build.query<VipStatusResponse['data'], void>({
      queryFn: viaShell<void, VipStatusResponse['data']>(() => ({ url: '/vip' })),
      providesTags: ['CreditOrders'],
    }),
  }),
});

export const {
  useCreditPackagesQuery,
  useCreateCreditOrderMutation,
  useCreditOrderQuery,
  useCreditOrderHistoryQuery,
  useVipStatusQuery,
} = billingApi;
