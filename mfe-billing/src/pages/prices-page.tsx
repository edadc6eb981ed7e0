import { BILLING_PATHS } from '@ukd/contracts/api/constants';
import { Button, PageLoading, SiteLink } from '@ukd/ui';
import { useCreditPackagesQuery } from '../billing-api';
import styles from './billing.module.css';
import { credits, pounds } from './format';

/** /prices (public): every price the site charges, straight from the API's catalogue. */
export default function PricesPage() {
  const { data, isLoading, isError, refetch } = useCreditPackagesQuery();
  if (isLoading) return <PageLoading />;
  if (isError || !data) {
    return (
      <main className={styles.page}>
        <h1>Prices</h1>
        <p role="alert">We couldn’t load the prices just now.</p>
        <Button onClick={() => refetch()}>Try again</Button>
      </main>
    );
  }
  const creditPacks = data.packages.filter((p) => p.kind === 'credits');
  const pass = data.packages.find((p) => p.kind === 'pass');
  const vip = data.packages.find((p) => p.kind === 'vip');
  const m = data.message_prices;
  return (
    <main className={styles.page}>
      <h1>Prices</h1>
      <p className={styles.lead}>
        Joining and browsing are free. All prices are in pounds sterling and include VAT. Credits don’t
        expire.
      </p>
      <h2>Credit packages</h2>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Package</th>
            <th scope="col">Price</th>
            <th scope="col">Price per credit</th>
          </tr>
        </thead>
        <tbody>
          {creditPacks.map((p) => (
            <tr key={p.id}>
              <th scope="row">
                {credits(p.credits)}{' '}
                {p.best_value ? <span className={styles.bestValue}>Best value</span> : null}
              </th>
              <td>{pounds(p.amount)}</td>
              <td>{p.price_per_credit_pence}p</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>What messages cost</h2>
      <ul>
        <li>Text message: {credits(m.text)}</li>
        <li>Image message: {credits(m.image)}</li>
        <li>Wink: {credits(m.wink)}</li>
      </ul>
      {pass ? (
        <>
          <h2>24-hour unlimited pass</h2>
          <p>
            {pounds(pass.amount)}: {pass.description} A one-off purchase that doesn’t renew.
          </p>
        </>
      ) : null}
      {vip ? (
        <>
          <h2>VIP</h2>
          <p>
            {pounds(vip.amount)} for 30 days. {vip.description}{' '}
            <SiteLink to={BILLING_PATHS.vip}>About VIP</SiteLink>
          </p>
        </>
      ) : null}
      <div className={styles.actions}>
        <SiteLink to={BILLING_PATHS.choosePackage} className="ukd-button ukd-button--primary">
          Buy credits
        </SiteLink>
        <SiteLink to="/how-to-pay" className="ukd-button ukd-button--secondary">
          How to pay
        </SiteLink>
      </div>
    </main>
  );
}
