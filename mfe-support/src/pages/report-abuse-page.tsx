import { selectLoggedIn } from '@ukd/store';
import { SiteLink } from '@ukd/ui';
import { useSelector } from 'react-redux';
import { useLocation, useSearchParams } from 'react-router';
import { ReportForm } from './report/report-form';
import { targetFromQuery } from './report/report-target';
import styles from './support.module.css';

export default function ReportAbusePage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const loggedIn = useSelector(selectLoggedIn);
  const prefilled = targetFromQuery(params);
  const here = `${location.pathname}${location.search}`;
  return (
    <div className={styles.page}>
      <h1>Report abuse</h1>
      <p className={styles.lead}>
        Tell our moderators about a profile, photo or message that breaks our{' '}
        <SiteLink to="/terms-of-use">terms of use</SiteLink>: harassment, scams, fake profiles, explicit
        images or anyone who may be under 18. Every report is reviewed by a person.
      </p>
      <p className="ukd-notice ukd-notice--info">If anyone is in immediate danger, call 999.</p>
      <section className={styles.card} aria-labelledby="report-title">
        <h2 id="report-title">Your report</h2>
        {loggedIn ? (
          <ReportForm prefilled={prefilled} />
        ) : (
          <>
            <p>Reports come from members, so we can check what they saw. Please log in first.</p>
            <div className={styles.actions}>
              <SiteLink
                to={`/login?redirect=${encodeURIComponent(here)}`}
                className="ukd-button ukd-button--primary"
              >
                Log in to report
              </SiteLink>
              <SiteLink to="/submit-request?topic=safety" className="ukd-button ukd-button--secondary">
                Not a member? Tell us here
              </SiteLink>
            </div>
          </>
        )}
      </section>
    </div>
  );
}
