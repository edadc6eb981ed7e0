import { BILLING_PATHS, CREDIT_ORDER_STATUS_LABELS } from '@ukd/contracts/api/constants';
import { Button, EmptyState, PageLoading, SiteLink } from '@ukd/ui';
import { useCreditOrderHistoryQuery } from '../billing-api';
import styles from './billing.module.css';
import { pounds, when } from './format';

/** /credits/history: the member's purchases (date, package, amount, status, reference). */
export default function PurchaseHistoryPage() {
  const { data, isLoading, isError, refetch } = useCreditOrderHistoryQuery();
  if (isLoading) return <PageLoading />;
  if (isError || !data) {
    return (
      <main className={styles.page}>
        <h1>Purchase history</h1>
        <p role="alert">We couldn’t load your purchases just now.</p>
        <Button onClick={() => refetch()}>Try again</Button>
      </main>
    );
  }
  return (
    <main className={styles.page}>
      <h1>Purchase history</h1>
      {data.length === 0 ? (
        <EmptyState
          title="No purchases yet"
          art="credits"
          action={
            <SiteLink to={BILLING_PATHS.choosePackage} className="ukd-button ukd-button--primary">
              Buy credits
            </SiteLink>
          }
        >
          Credit packages you buy show here with their date and price.
        </EmptyState>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Package</th>
              <th scope="col">Amount</th>
              <th scope="col">Status</th>
              <th scope="col">Reference</th>
            </tr>
          </thead>
          <tbody>
            {data.map((order) => (
              <tr key={order.reference}>
                <td>{when(order.paid_at ?? order.created_at)}</td>
                <td>{order.package_name}</td>
                <td>{pounds(order.amount)}</td>
                <td>{CREDIT_ORDER_STATUS_LABELS[order.status]}</td>
                <td>
                  <SiteLink to={`${BILLING_PATHS.paymentStatus}?REF=${order.reference}`}>
                    {order.reference}
                  </SiteLink>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </main>
  );
}
