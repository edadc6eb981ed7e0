import { SiteLink } from '@ukd/ui';
import styles from './landing.module.css';

const steps = [
  {
    title: 'Create your free profile',
    text: 'Pick a username, add a photo and say what you are looking for.',
  },
  {
    title: 'Browse people near you',
    text: 'Filter by town, age and who is online now, from Aberdeen to Brighton.',
  },
  { title: 'Say hello', text: 'Send a wink or a message and see who visited and liked your profile.' },
];

const reasons = [
  { title: 'Made for the UK', text: 'Members, towns and support in the UK, with prices in pounds.' },
  {
    title: 'Private by design',
    text: 'Your email is never shown, and you choose what goes on your profile.',
  },
  { title: 'You stay in control', text: 'Block anyone in one tap and report anything that feels wrong.' },
  {
    title: 'Pay as you chat',
    text: 'Joining and browsing are free; credits pay for messages when you want them.',
  },
];

export default function HomePage() {
  return (
    <div className={styles.page}>
      <section className={`${styles.hero} ${styles.rose}`}>
        <div className={styles.heroInner}>
          <h1 className={styles.headline}>Chat, flirt and meet adults across the UK</h1>
          <p className={styles.intro}>
            Join thousands of grown-ups looking for fun, friendship and something more. Free to join, quick to
            start, easy to leave.
          </p>
          <div className={styles.actions}>
            <SiteLink to="/register" className="ukd-button ukd-button--primary">
              Create account
            </SiteLink>
            <SiteLink to="/login" className={`ukd-button ${styles.lightButton}`}>
              Log In
            </SiteLink>
          </div>
          <p className={styles.smallPrint}>18+ only. Free to join; credits pay for the messages you send.</p>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="how-it-works">
        <h2 id="how-it-works">How it works</h2>
        <ol className={styles.steps}>
          {steps.map((step, index) => (
            <li key={step.title} className={styles.card}>
              <span className={styles.stepNumber} aria-hidden="true">
                {index + 1}
              </span>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className={styles.section} aria-labelledby="why-us">
        <h2 id="why-us">Why people choose us</h2>
        <ul className={styles.grid}>
          {reasons.map((reason) => (
            <li key={reason.title} className={styles.card}>
              <h3>{reason.title}</h3>
              <p>{reason.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className={`${styles.section} ${styles.closing}`}>
        <h2>Ready when you are</h2>
        <p>It takes about a minute to join. No card needed.</p>
        <SiteLink to="/register" className="ukd-button ukd-button--primary">
          Join free today
        </SiteLink>
        <p className={styles.smallPrint}>
          Questions first? Read the <SiteLink to="/faq">FAQ</SiteLink> or see{' '}
          <SiteLink to="/how-to-pay">how to pay</SiteLink>.
        </p>
      </section>
    </div>
  );
}
