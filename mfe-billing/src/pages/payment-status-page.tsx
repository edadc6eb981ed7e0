import type { CreditOrderStatusResponse } from '@ukd/contracts/api';
import { BILLING_PATHS } from '@ukd/contracts/api/constants';
import { Button, EmptyState, SiteLink, Spinner, useShell } from '@ukd/ui';
import { useEffect, useRef, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useNavigate, useSearchParams } from 'react-router';
import { useCreditOrderQuery } from '../billing-api';
import { checkoutFinished, packageSelected, selectReturnTo } from '../billing-slice';
import styles from './billing.module.css';
import { credits, when } from './format';

/** How often a pending order is asked about; CreditsEarned usually answers sooner. */
export const STATUS_POLL_MS = 2500;

/**
 * /payment-status and /trustpay-status: where the provider sends the member back. The browser's
 * return proves nothing, so the page asks the API until the signed notification has landed.
 */
export default function PaymentStatusPage() {
  const [params] = useSearchParams();
  const reference = params.get('REF') ?? params.get('ref') ?? '';
  const shell = useShell();
  const { data, error, isLoading, refetch } = useCreditOrderQuery(reference, {
    skip: !reference,
    pollingInterval: STATUS_POLL_MS,
    skipPollingIfUnfocused: true,
  });
  const status = data?.order.status;

  // The credits channel says when credits land: ask again at once instead of waiting for the poll.
  useEffect(() => {
    if (!shell || !reference || (status && status !== 'pending')) return;
    return shell.bus.on('CREDITS_EARNED', () => void refetch());
  }, [shell, reference, status, refetch]);

  if (!reference) {
    return (
      <main className={styles.page}>
        <EmptyState
          title="No payment to show"
          action={<SiteLink to={BILLING_PATHS.history}>See your purchase history</SiteLink>}
        />
      </main>
    );
  }
  if (error && 'status' in error && error.status === 404) {
    return (
      <main className={styles.page}>
        <EmptyState
          title="We can’t find this payment"
          action={<SiteLink to={BILLING_PATHS.history}>See your purchase history</SiteLink>}
        />
      </main>
    );
  }
  if (isLoading || !data || status === 'pending') {
    return (
      <main className={styles.page}>
        <h1>Confirming your payment</h1>
        <Spinner label="Waiting for the payment provider" />
        <p>This usually takes a few seconds. You don’t need to pay again.</p>
      </main>
    );
  }
  return status === 'paid' ? <PaymentReceived status={data} /> : <PaymentNotCompleted status={data} />;
}

function PaymentReceived({ status }: { status: CreditOrderStatusResponse['data'] }) {
  const dispatch = useDispatch();
  const shell = useShell();
  const done = useRef(false);
  // Read before the checkout is cleared below.
  const returnToNow = useSelector(selectReturnTo);
  const [returnTo] = useState(returnToNow);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    dispatch(checkoutFinished());
    // The top bar listens for CreditsEarned too; this covers a tab whose socket was down.
    void shell?.session.reloadUser();
  }, [dispatch, shell]);
  const { order } = status;
  return (
    <main className={styles.page}>
      <h1 className={styles.success}>Payment received</h1>
      <p>Thank you. {order.package_name} is yours; we’ve emailed you a receipt.</p>
      {order.kind === 'pass' && status.unli_message_until ? (
        <p>Your messages are free until {when(status.unli_message_until)}.</p>
      ) : null}
      {order.kind === 'vip' && status.vip_until ? <p>You’re VIP until {when(status.vip_until)}.</p> : null}
      <p>
        Your balance is now <strong>{credits(status.credits)}</strong>.
      </p>
      <div className={styles.actions}>
        {returnTo?.startsWith('/messages/') ? (
          <SiteLink to={returnTo} className="ukd-button ukd-button--primary">
            Back to your conversation
          </SiteLink>
        ) : (
          <SiteLink to={returnTo ?? '/messages'} className="ukd-button ukd-button--primary">
            {returnTo ? 'Carry on where you were' : 'Go to your messages'}
          </SiteLink>
        )}
        <SiteLink to={BILLING_PATHS.history}>Purchase history</SiteLink>
      </div>
    </main>
  );
}

function PaymentNotCompleted({ status }: { status: CreditOrderStatusResponse['data'] }) {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const { order } = status;
  const tryAgain = () => {
    // A new checkout (new client key): the failed order stays as it is in the history.
    dispatch(packageSelected(order.package_id));
    navigate(BILLING_PATHS.checkout);
  };
  if (order.status !== 'failed') {
    return (
      <main className={styles.page}>
        <h1>This payment was refunded</h1>
        <p>{order.package_name} was refunded and its credits taken back.</p>
        <SiteLink to={BILLING_PATHS.history}>Purchase history</SiteLink>
      </main>
    );
  }
  return (
    <main className={styles.page}>
      <h1 className={styles.error}>Payment not completed</h1>
      <p role="alert">{order.failure_reason}</p>
      <p>Your balance is unchanged: {credits(status.credits)}.</p>
      <div className={styles.actions}>
        <Button onClick={tryAgain}>Try again</Button>
        <SiteLink to={BILLING_PATHS.choosePackage}>Choose another package</SiteLink>
      </div>
    </main>
  );
}
