import { BILLING_PATHS, type CreditPackageId } from '@ukd/contracts/api/constants';
import { Button, PageLoading, SiteLink } from '@ukd/ui';
import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useNavigate, useSearchParams } from 'react-router';
import { useCreditPackagesQuery } from '../billing-api';
import { isSafeReturnPath, packageSelected, returnToSet, selectSelectedPackage } from '../billing-slice';
import styles from './billing.module.css';
import { packageSummary, pounds } from './format';

/** /credits/package: choose credits, the pass or VIP; the choice goes to the store (selectedPackage). */
export default function ChoosePackagePage() {
  const { data, isLoading, isError, refetch } = useCreditPackagesQuery();
  const selected = useSelector(selectSelectedPackage);
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = params.get('return');
  // `?return=/messages/{uuid}` (a send refused for credits): after paying, the member goes back there.
  useEffect(() => {
    if (isSafeReturnPath(returnTo)) dispatch(returnToSet(returnTo));
  }, [dispatch, returnTo]);
  if (isLoading) return <PageLoading />;
  if (isError || !data) {
    return (
      <main className={styles.page}>
        <h1>Choose a package</h1>
        <p role="alert">We couldn’t load the packages just now.</p>
        <Button onClick={() => refetch()}>Try again</Button>
      </main>
    );
  }
  const choose = (id: CreditPackageId) => {
    dispatch(packageSelected(id));
    navigate(BILLING_PATHS.checkout);
  };
  return (
    <main className={styles.page}>
      <h1>Choose a package</h1>
      <p className={styles.lead}>
        Prices include VAT. You check everything before you pay.{' '}
        <SiteLink to={BILLING_PATHS.prices}>All prices</SiteLink>
      </p>
      <ul className={styles.packages} aria-label="Packages">
        {data.packages.map((p) => (
          <li key={p.id} className={`${styles.card} ${p.id === selected ? styles.selected : ''}`}>
            <h2>{p.name}</h2>
            {p.best_value ? <span className={styles.bestValue}>Best value</span> : null}
            <span className={styles.price}>{pounds(p.amount)}</span>
            <span>{packageSummary(p)}</span>
            {p.price_per_credit_pence !== null ? <span>{p.price_per_credit_pence}p per credit</span> : null}
            <span className={styles.lead}>{p.description}</span>
            <Button onClick={() => choose(p.id)} aria-label={`Choose ${p.name}`}>
              Choose
            </Button>
          </li>
        ))}
      </ul>
    </main>
  );
}
