import { createHmac, timingSafeEqual } from 'node:crypto';
import { TRUSTPAY_NOTIFICATION_FIELDS, type TrustpayNotification } from '@ukd/contracts/api';

/** TrustPay's signature: upper-case hex HMAC-SHA256 of the fields concatenated in order. */
export function trustpaySign(secret: string, parts: readonly string[]): string {
  return createHmac('sha256', secret).update(parts.join(''), 'utf8').digest('hex').toUpperCase();
}

/** The redirect's SIG, over AID+AMT+CUR+REF. */
export function paymentRequestSig(
  secret: string,
  p: { AID: string; AMT: string; CUR: string; REF: string },
): string {
  return trustpaySign(secret, [p.AID, p.AMT, p.CUR, p.REF]);
}

/** The notification's SIG, over AID+TYP+AMT+CUR+REF+RES+TID+OID+TSS. */
export function notificationSig(secret: string, n: Omit<TrustpayNotification, 'SIG'>): string {
  return trustpaySign(
    secret,
    TRUSTPAY_NOTIFICATION_FIELDS.map((field) => n[field]),
  );
}

/** Constant-time comparison (case-insensitive hex), so a forger learns nothing from timing. */
export function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected.toUpperCase(), 'utf8');
  const b = Buffer.from(given.toUpperCase(), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
