import { randomBytes } from 'node:crypto';
import { persistedSecret } from '../persisted-secret';

export type PaymentsProviderName = 'sandbox' | 'trustpay';

export interface BillingOptions {
  /** `sandbox` (default: the embedded card page, no network) or `trustpay`. */
  provider?: PaymentsProviderName;
  /** TrustPay merchant account id (AID). */
  trustpayAid?: string;
  /** TrustPay HMAC secret; unset: generated once under `${dataDir}/secrets/trustpay-secret`. */
  trustpaySecret?: string;
  /** TrustPay's card payment page. */
  trustpayUrl?: string;
  /** Credits a member receives once, when they confirm their email (default 10). */
  welcomeCredits?: number;
}

export interface ResolvedBillingOptions {
  provider: PaymentsProviderName;
  trustpayAid: string;
  trustpaySecret: string;
  trustpayUrl: string;
  welcomeCredits: number;
}

export const DEFAULT_WELCOME_CREDITS = 10;
const DEFAULT_TRUSTPAY_URL = 'https://amapi.trustpay.eu/mapi5/Card/Pay';
// The sandbox needs an account id too: it speaks TrustPay's protocol field for field.
const SANDBOX_AID = '4107000000';

export function resolveBillingOptions(
  options: BillingOptions | undefined,
  dataDir: string,
): ResolvedBillingOptions {
  return {
    provider: options?.provider ?? 'sandbox',
    trustpayAid: options?.trustpayAid || SANDBOX_AID,
    // Generated once, like the JWT secret, so pending orders survive restarts.
    trustpaySecret:
      options?.trustpaySecret ||
      persistedSecret(dataDir, 'trustpay-secret', () => randomBytes(32).toString('hex')),
    trustpayUrl: options?.trustpayUrl || DEFAULT_TRUSTPAY_URL,
    welcomeCredits: Math.max(0, options?.welcomeCredits ?? DEFAULT_WELCOME_CREDITS),
  };
}

/** PAYMENTS_PROVIDER, TRUSTPAY_AID, TRUSTPAY_SECRET, TRUSTPAY_URL, WELCOME_CREDITS. */
export function billingOptionsFromEnv(env: NodeJS.ProcessEnv): BillingOptions {
  const options: BillingOptions = {};
  if (env.PAYMENTS_PROVIDER === 'sandbox' || env.PAYMENTS_PROVIDER === 'trustpay') {
    options.provider = env.PAYMENTS_PROVIDER;
  } else if (env.PAYMENTS_PROVIDER) {
    throw new Error(`PAYMENTS_PROVIDER must be sandbox or trustpay, not ${env.PAYMENTS_PROVIDER}`);
  }
  if (env.TRUSTPAY_AID) options.trustpayAid = env.TRUSTPAY_AID;
  if (env.TRUSTPAY_SECRET) options.trustpaySecret = env.TRUSTPAY_SECRET;
  if (env.TRUSTPAY_URL) options.trustpayUrl = env.TRUSTPAY_URL;
  const welcome = Number(env.WELCOME_CREDITS);
  if (env.WELCOME_CREDITS && Number.isInteger(welcome) && welcome >= 0) options.welcomeCredits = welcome;
  return options;
}
