import type { CreditOrder } from '@ukd/contracts/api';
import { BILLING_PATHS, CREDIT_ORDER_STATUS_LABELS } from '@ukd/contracts/api/constants';
import { SiteLink } from '@ukd/ui';
import { useMyPurchasesQuery, useVipStatusQuery } from '../../profiles-api';
import styles from './account.module.css';

/** How many purchases the account shows; the rest are on the billing remote's history page. */
const RECENT = 3;

const day = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'Europe/London' });

/** /account: the member's VIP membership and latest purchases, with the way to the full history. */
export function PurchasesAndVip() {
  const vip = useVipStatusQuery();
  const purchases = useMyPurchasesQuery();
  return (
    <section className={styles.section} aria-labelledby="purchases-heading">
      <h2 id="purchases-heading">Purchases and VIP</h2>
      <p>
        {vip.data?.active && vip.data.until
          ? `You are a VIP member until ${day.format(new Date(vip.data.until))}. It does not renew by itself.`
          : 'You are not a VIP member.'}{' '}
        <SiteLink to={BILLING_PATHS.vip}>About VIP</SiteLink>
      </p>
      {purchases.isError ? (
        <p role="alert">Your purchases could not be loaded just now.</p>
      ) : purchases.data?.length === 0 ? (
        <p>No purchases yet.</p>
      ) : (
        <ul className={styles.purchases}>
          {(purchases.data ?? []).slice(0, RECENT).map((order) => (
            <Purchase key={order.reference} order={order} />
          ))}
        </ul>
      )}
      <p>
        <SiteLink to={BILLING_PATHS.history}>All purchases</SiteLink>
        {' · '}
        <SiteLink to={BILLING_PATHS.choosePackage}>Buy credits</SiteLink>
      </p>
    </section>
  );
}

function Purchase({ order }: { order: CreditOrder }) {
  return (
    <li>
      {day.format(new Date(order.paid_at ?? order.created_at))}: {order.package_name}, £{order.amount},{' '}
      {CREDIT_ORDER_STATUS_LABELS[order.status]}{' '}
      <span className={styles.muted}>(reference {order.reference})</span>
    </li>
  );
}
