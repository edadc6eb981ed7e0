import { BILLING_PATHS } from '@ukd/contracts/api/constants';
import { Button, PageLoading, SiteLink } from '@ukd/ui';
import { type FormEvent, useId, useState } from 'react';
import { useSelector } from 'react-redux';
import { Navigate, useNavigate } from 'react-router';
import { useCreateCreditOrderMutation, useCreditPackagesQuery } from '../billing-api';
import { selectCheckoutKey, selectSelectedPackage } from '../billing-slice';
import styles from './billing.module.css';
import { packageSummary, pounds } from './format';
import { providerRedirect } from './provider-redirect';

const CONSENT_MISSING = 'Please tick the box to continue: we can only supply it once you agree.';

/**
 * /credits/buy: the order summary and the consent the Consumer Contracts Regulations require
 * for digital content supplied at once (unticked until the member ticks it). SPEC §4: without
 * a selected package the member goes to /credits/package.
 */
export default function CheckoutPage() {
  const selected = useSelector(selectSelectedPackage);
  const clientKey = useSelector(selectCheckoutKey);
  const packages = useCreditPackagesQuery();
  const [createOrder, order] = useCreateCreditOrderMutation();
  const [consent, setConsent] = useState(false);
  const [consentError, setConsentError] = useState(false);
  const navigate = useNavigate();
  const consentId = useId();

  if (!selected || !clientKey) return <Navigate to={BILLING_PATHS.choosePackage} replace />;
  if (packages.isLoading) return <PageLoading />;
  const pack = packages.data?.packages.find((p) => p.id === selected);
  if (!pack) return <Navigate to={BILLING_PATHS.choosePackage} replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!consent) {
      setConsentError(true);
      return;
    }
    // The same client key each time: a second click or a return from the provider finds the same order.
    const result = await createOrder({ package_id: pack.id, client_key: clientKey });
    if (!result.data) return;
    if (result.data.order.status === 'pending' || result.data.order.status === 'failed') {
      providerRedirect.go(result.data.redirect_url);
    } else {
      navigate(`${BILLING_PATHS.paymentStatus}?REF=${encodeURIComponent(result.data.order.reference)}`);
    }
  };
  const busy = order.isLoading || order.isSuccess;
  const failure = order.error && 'status' in order.error ? order.error : null;

  return (
    <main className={styles.page}>
      <h1>Checkout</h1>
      <section className={styles.summary} aria-label="Your order">
        <h2>{pack.name}</h2>
        <p>{packageSummary(pack)}</p>
        <p>
          Total: <strong className={styles.price}>{pounds(pack.amount)}</strong> (VAT included)
        </p>
        <SiteLink to={BILLING_PATHS.choosePackage}>Change package</SiteLink>
      </section>
      <form onSubmit={submit} noValidate>
        <div className={styles.consent}>
          <input
            id={consentId}
            type="checkbox"
            checked={consent}
            aria-invalid={consentError && !consent}
            aria-describedby={consentError && !consent ? `${consentId}-error` : undefined}
            onChange={(e) => setConsent(e.target.checked)}
          />
          <label htmlFor={consentId}>
            I want {pack.kind === 'credits' ? 'my credits' : 'this'} supplied straight away, and I understand
            that I lose my 14-day right to cancel once it is supplied.
          </label>
        </div>
        {consentError && !consent ? (
          <p id={`${consentId}-error`} role="alert" className={styles.error}>
            {CONSENT_MISSING}
          </p>
        ) : null}
        {failure ? (
          <p role="alert" className={styles.error}>
            {failure.status === 422
              ? 'This checkout has expired. Please choose your package again.'
              : 'We couldn’t start the payment. Please try again.'}
          </p>
        ) : null}
        <Button type="submit" disabled={busy}>
          {busy ? 'Taking you to the secure payment page…' : `Pay ${pounds(pack.amount)} securely`}
        </Button>
        <p className={styles.lead}>
          You enter your card on our payment provider’s page; we never see your card number.
        </p>
      </form>
    </main>
  );
}
