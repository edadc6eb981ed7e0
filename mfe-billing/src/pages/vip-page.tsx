import { BILLING_PATHS } from '@ukd/contracts/api/constants';
import { selectUser } from '@ukd/store';
import { Button, PageLoading, SiteLink } from '@ukd/ui';
import { useDispatch, useSelector } from 'react-redux';
import { useNavigate } from 'react-router';
import { useCreditPackagesQuery, useVipStatusQuery } from '../billing-api';
import { packageSelected } from '../billing-slice';
import styles from './billing.module.css';
import { pounds, when } from './format';

/** /vip: the tier (design: docs/billing.md) and the Become VIP button. */
export default function VipPage() {
  const user = useSelector(selectUser);
  const packages = useCreditPackagesQuery();
  const vip = useVipStatusQuery(undefined, { skip: !user });
  const dispatch = useDispatch();
  const navigate = useNavigate();
  if (packages.isLoading) return <PageLoading />;
  const offer = packages.data?.packages.find((p) => p.kind === 'vip');
  const becomeVip = () => {
    if (!offer) return;
    dispatch(packageSelected(offer.id));
    navigate(BILLING_PATHS.checkout);
  };
  return (
    <main className={styles.page}>
      <h1>VIP</h1>
      {vip.data?.active && vip.data.until ? (
        <p className={styles.success}>You’re VIP until {when(vip.data.until)}.</p>
      ) : null}
      {offer ? (
        <section className={styles.summary} aria-label="VIP membership">
          <p className={styles.price}>{pounds(offer.amount)} for 30 days</p>
          <ul>
            <li>{offer.credits} credits added to your balance with each month</li>
            <li>Winks are free while you’re VIP</li>
            <li>VIP status shown on your account</li>
            <li>One payment per month: it never renews by itself, so there is nothing to cancel</li>
          </ul>
          <p className={styles.lead}>
            Buying again while you’re VIP adds another 30 days. Prices include VAT.
          </p>
        </section>
      ) : (
        <p role="alert">We couldn’t load the VIP offer just now.</p>
      )}
      <div className={styles.actions}>
        {user ? (
          <Button onClick={becomeVip} disabled={!offer}>
            {vip.data?.active ? 'Add another month' : 'Become VIP'}
          </Button>
        ) : (
          <SiteLink to="/login" className="ukd-button ukd-button--primary">
            Log in to become VIP
          </SiteLink>
        )}
        <SiteLink to={BILLING_PATHS.prices}>All prices</SiteLink>
      </div>
    </main>
  );
}
