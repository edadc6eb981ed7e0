import type { TrustpayNotification } from '@ukd/contracts/api';
import type { PaymentsProviderName, ResolvedBillingOptions } from './billing-config';
import { formatAmount } from './catalogue';
import { notificationSig, paymentRequestSig, sameSignature } from './signatures';

export interface PaymentRequest {
  reference: string;
  amountPence: number;
  currency: string;
}

/**
 * A card payment provider speaking TrustPay's redirect protocol: the browser is sent to a hosted
 * page with AID, AMT, CUR, REF and SIG; the result arrives later as a signed server-to-server
 * notification. The sandbox differs only in where its page lives.
 */
export interface PaymentProvider {
  readonly name: PaymentsProviderName;
  readonly aid: string;
  /** The hosted card page for one order. */
  paymentUrl(request: PaymentRequest): string;
  /** True when the notification carries our AID and a valid SIG. */
  verifyNotification(notification: TrustpayNotification): boolean;
  /** Signs a notification (the sandbox uses it to notify exactly as TrustPay would). */
  signNotification(notification: Omit<TrustpayNotification, 'SIG'>): string;
}

class TrustpayProtocol implements PaymentProvider {
  constructor(
    readonly name: PaymentsProviderName,
    readonly aid: string,
    private readonly secret: string,
    private readonly pageUrl: string,
  ) {}

  paymentUrl(request: PaymentRequest): string {
    const fields = {
      AID: this.aid,
      AMT: formatAmount(request.amountPence),
      CUR: request.currency,
      REF: request.reference,
    };
    const url = new URL(this.pageUrl);
    for (const [key, value] of Object.entries(fields)) url.searchParams.set(key, value);
    url.searchParams.set('SIG', paymentRequestSig(this.secret, fields));
    return url.toString();
  }

  verifyNotification(notification: TrustpayNotification): boolean {
    if (notification.AID !== this.aid) return false;
    return sameSignature(this.signNotification(notification), notification.SIG);
  }

  signNotification(notification: Omit<TrustpayNotification, 'SIG'>): string {
    return notificationSig(this.secret, notification);
  }

  /** The sandbox's card page checks the redirect's SIG like TrustPay does. */
  verifyRequest(fields: { AID: string; AMT: string; CUR: string; REF: string }, sig: string): boolean {
    return fields.AID === this.aid && sameSignature(paymentRequestSig(this.secret, fields), sig);
  }
}

export type TrustpayProvider = TrustpayProtocol;

/** The configured provider; the sandbox's page is served by this API under `/payments/sandbox/card`. */
export function buildPaymentProvider(options: ResolvedBillingOptions, apiUrl: string): TrustpayProvider {
  const page = options.provider === 'sandbox' ? `${apiUrl}/payments/sandbox/card` : options.trustpayUrl;
  return new TrustpayProtocol(options.provider, options.trustpayAid, options.trustpaySecret, page);
}
