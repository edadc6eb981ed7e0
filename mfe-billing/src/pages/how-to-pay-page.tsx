import { selectSettings } from '@ukd/store';
import {
  Article,
  ArticleActions,
  ArticleHelp,
  ArticleLead,
  ArticleNotice,
  type ArticleSection,
  SiteLink,
  SupportEmailLink,
} from '@ukd/ui';
import { useSelector } from 'react-redux';
import styles from './how-to-pay.module.css';

/** The configured support address (`SUPPORT_EMAIL` through `GET /api/settings`). */
function Support() {
  return <SupportEmailLink email={useSelector(selectSettings)?.support.email} />;
}

const sections: ArticleSection[] = [
  {
    id: 'credits',
    title: 'How credits work',
    body: (
      <>
        <p>
          Joining and browsing are free. <strong>Credits pay for the messages you send.</strong> Each type of
          message (text, image or wink) has its own price in credits, set by us and shown on the{' '}
          <SiteLink to="/prices">prices page</SiteLink>. Credits are taken when a message is sent; if it fails
          to send, you keep them.
        </p>
        <ul>
          <li>
            Your balance shows in the top bar as <strong>Account Balance</strong>, and in the menu on your
            phone.
          </li>
          <li>Credits don’t expire while your account is open.</li>
          <li>Credits have no cash value and can’t be moved to another member.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'unlimited-pass',
    title: 'The 24-hour unlimited messaging pass',
    body: (
      <p>
        Chatting a lot? The pass lets you send messages for 24 hours without credits being taken. The 24 hours
        start when your payment is confirmed, and your balance shows <strong>24h</strong> while the pass runs.
        It is a one-off purchase, not a subscription, so it doesn’t renew by itself. The{' '}
        <SiteLink to="/prices">prices page</SiteLink> shows what it includes and costs.
      </p>
    ),
  },
  {
    id: 'vip',
    title: 'VIP',
    body: (
      <p>
        VIP is an optional membership with extra benefits. The <SiteLink to="/vip">VIP page</SiteLink> shows
        the benefits, the price, how long it lasts and whether it renews, before you pay. If it renews, we
        remind you before each renewal, and you can turn renewal off at any time in{' '}
        <SiteLink to="/account">Account</SiteLink>.
      </p>
    ),
  },
  {
    id: 'payment-methods',
    title: 'Ways to pay',
    body: (
      <>
        <p>
          You pay by <strong>debit or credit card</strong> on our payment provider’s secure, hosted payment
          page. Any other methods available to you are shown on that page.
        </p>
        <ul>
          <li>
            Your card details go straight to the payment provider.{' '}
            <strong>We never see or store your card number.</strong>
          </li>
          <li>
            Your bank may ask you to confirm the payment in its app or with a code sent to your phone. This is
            a normal security step for online payments in the UK.
          </li>
          <li>Prices are in pounds sterling and include VAT.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'how-to-buy',
    title: 'How to buy credits',
    body: (
      <>
        <ol className={styles.steps}>
          <li className={styles.step}>
            <h3>Choose a package</h3>
            <p>
              Tap <strong>Buy credits</strong> in the top bar or go to{' '}
              <SiteLink to="/credits/package">credit packages</SiteLink>, and pick the package, pass or VIP
              you want.
            </p>
          </li>
          <li className={styles.step}>
            <h3>Check and confirm</h3>
            <p>You see exactly what you get and the total price before you go on to pay.</p>
          </li>
          <li className={styles.step}>
            <h3>Pay securely</h3>
            <p>
              Enter your card details on the payment provider’s page and confirm with your bank if it asks.
            </p>
          </li>
          <li className={styles.step}>
            <h3>Start chatting</h3>
            <p>
              Back on Flirtlane, your credits appear as soon as the payment provider confirms the payment,
              usually within seconds.
            </p>
          </li>
        </ol>
        <ArticleActions>
          <SiteLink to="/credits/package" className="ukd-button ukd-button--primary">
            Choose a package
          </SiteLink>
          <SiteLink to="/prices" className="ukd-button ukd-button--secondary">
            See prices
          </SiteLink>
        </ArticleActions>
        <p>
          If your balance hasn’t changed after 15 minutes, please don’t pay again. Contact us with the time
          and amount of the payment and we will sort it out.
        </p>
      </>
    ),
  },
  {
    id: 'receipts',
    title: 'Receipts',
    body: (
      <p>
        After a successful payment we email a confirmation to the address on your account, showing what you
        bought, the amount and the date. The name that will appear on your bank statement is shown on the
        payment page before you pay. If you see a charge you don’t recognise, contact us before you contact
        your bank; we can usually explain it straight away.
      </p>
    ),
  },
  {
    id: 'failed-payments',
    title: 'If a payment fails',
    body: (
      <>
        <p>You are not charged for a failed payment. The most common reasons are:</p>
        <ul>
          <li>the bank’s confirmation step was not completed, or took too long;</li>
          <li>the card has expired, or a detail such as the security code was mistyped;</li>
          <li>there wasn’t enough money available;</li>
          <li>the bank declined it, as some banks do for dating and adult sites.</li>
        </ul>
        <p>
          Your bank may briefly show the amount as pending; it releases it, usually within a few days. Try
          again, use another card, or ask your bank why it declined the payment.
        </p>
      </>
    ),
  },
  {
    id: 'refunds',
    title: 'Refunds and your 14-day right to cancel',
    body: (
      <>
        <p>
          You can cancel any purchase within <strong>14 days</strong> of buying it. As you ask us to make your
          purchase available straight away, we refund what you haven’t used:
        </p>
        <ul>
          <li>credits from that purchase that you haven’t spent;</li>
          <li>for a pass or VIP, the part of the price for the time left.</li>
        </ul>
        <p>
          We also refund you if you were charged twice or for something you didn’t receive, and your unused
          bought credits if you close your account. To cancel or ask for a refund, email <Support /> from the
          address on your account or <SiteLink to="/submit-request">send us a request</SiteLink>. We refund to
          the card you paid with within 14 days. The full rules are in our{' '}
          <SiteLink to="/terms-of-use#cancellation">terms of use</SiteLink>.
        </p>
      </>
    ),
  },
];

export default function HowToPayPage() {
  return (
    <Article
      title="How to pay"
      intro={
        <>
          <ArticleLead>
            How credits, the 24-hour pass and VIP work, how to buy them safely, and what to do if something
            goes wrong.
          </ArticleLead>
          <ArticleNotice>
            <p>
              <strong>Before you buy:</strong> credits pay for the messages you send to other members; we
              cannot promise that anyone replies. Credits are supplied at once, so the 14-day right to cancel
              ends when you use them. See our <SiteLink to="/terms-of-use#credits">terms of use</SiteLink>.
            </p>
          </ArticleNotice>
        </>
      }
      sections={sections}
    >
      <ArticleHelp
        id="how-to-pay-help"
        title="Need help with a payment?"
        actions={
          <>
            <SiteLink to="/helpdesk" className="ukd-button ukd-button--primary">
              Visit the helpdesk
            </SiteLink>
            <SiteLink to="/faq#payments" className="ukd-button ukd-button--secondary">
              Payment FAQ
            </SiteLink>
          </>
        }
      >
        <p>
          Our support team can check a payment for you. Email <Support /> or visit the helpdesk.
        </p>
      </ArticleHelp>
    </Article>
  );
}
