import { Article, ArticleHelp, ArticleLead, type ArticleSection, SiteLink } from '@ukd/ui';
import type { ReactNode } from 'react';
import styles from './faq.module.css';

interface Question {
  id: string;
  question: string;
  answer: ReactNode;
}

const support = 'support@flirtlane.example';

const yourAccount: Question[] = [
  {
    id: 'getting-started',
    question: 'How do I get started?',
    answer: (
      <>
        <ol>
          <li>
            Choose <SiteLink to="/register">Create account</SiteLink> and enter a username, your email address
            and a password of at least eight characters.
          </li>
          <li>Confirm your email address with the link we send you.</li>
          <li>Complete the age check (see “What do I need to join?”).</li>
          <li>
            Complete your profile: add a photo, your town and a few words about yourself and what you are
            looking for. You can change any of it later under <SiteLink to="/my-profile">My profile</SiteLink>
            .
          </li>
          <li>
            Browse profiles, send a wink or a message, and check who has visited you under{' '}
            <SiteLink to="/my-visitors">Visitors</SiteLink>.
          </li>
        </ol>
        <p>
          Before you start, please know that <strong>most profiles on Flirtlane are fictional</strong>. They
          are there for entertainment, and you cannot meet them in person. Our{' '}
          <SiteLink to="/terms-of-use#fictional-profiles">terms of use</SiteLink> explain how they work.
        </p>
      </>
    ),
  },
  {
    id: 'cannot-sign-in',
    question: 'Why can’t I sign in?',
    answer: (
      <>
        <p>The message you see tells you what went wrong:</p>
        <ul>
          <li>
            <strong>“These credentials do not match our records.”</strong> The email address or password is
            wrong. Check for typing mistakes and that Caps Lock is off. If you have forgotten your password,{' '}
            <SiteLink to="/forgot-password">reset it</SiteLink>: we email you a link to choose a new one. The
            link may take a few minutes to arrive; check your spam or junk folder too.
          </li>
          <li>
            <strong>“Too many login attempts.”</strong> To protect your account we pause sign-in after several
            failed attempts. Wait for the number of seconds shown, then try again, or reset your password.
          </li>
          <li>
            <strong>You are taken to a “deactivated” page.</strong> Your account has been deactivated, either
            at your request or by our moderators. Contact the <SiteLink to="/helpdesk">helpdesk</SiteLink> and
            we will tell you why and what you can do.
          </li>
          <li>
            <strong>You see our maintenance page.</strong> We are updating the site. Please try again shortly.
          </li>
        </ul>
        <p>
          Still stuck? Sign-in needs your browser to allow this site to store data, so private browsing modes
          and some privacy extensions can stop it working. Try another browser, or{' '}
          <SiteLink to="/submit-request">send us a request</SiteLink> from the email address on your account.
        </p>
      </>
    ),
  },
  {
    id: 'joining-requirements',
    question: 'What do I need to join?',
    answer: (
      <>
        <ul>
          <li>
            You must be <strong>18 or over</strong> and of the legal age of consent where you live.
          </li>
          <li>
            You must pass our <strong>age check</strong>. UK law requires us to use highly effective age
            assurance, so ticking a box or typing a date of birth is not enough. You choose one of the methods
            offered, such as a facial age estimate, a photo ID match or a check with your bank, mobile network
            or credit card. A specialist provider runs the check; we receive the result, not your ID or your
            selfie.
          </li>
          <li>A working email address that only you use.</li>
          <li>
            One account per person, with true details about yourself and photos of you, not of someone else.
          </li>
          <li>
            Agreement to our <SiteLink to="/terms-of-use">terms of use</SiteLink>, and your explicit consent
            for us to use information about your sexual orientation and sex life, as our{' '}
            <SiteLink to="/privacy#special-category-data">privacy notice</SiteLink> explains.
          </li>
        </ul>
        <p>Flirtlane is for adults in the United Kingdom.</p>
      </>
    ),
  },
  {
    id: 'costs',
    question: 'What does it cost?',
    answer: (
      <>
        <p>
          Joining, creating your profile, browsing and searching are free, and no card is needed to join. You
          pay only when you want to message:
        </p>
        <ul>
          <li>
            <strong>Credits</strong> pay for the messages you send. Text messages, images and winks each cost
            a set number of credits.
          </li>
          <li>
            A <strong>24-hour unlimited messaging pass</strong> lets you send messages without using credits
            for 24 hours.
          </li>
          <li>
            <strong>VIP</strong> is an optional membership with extra benefits.
          </li>
        </ul>
        <p>
          Our <SiteLink to="/prices">prices page</SiteLink> shows what each message type costs and what each
          package, the pass and VIP cost, always before you pay. Your balance shows in the top bar. See{' '}
          <SiteLink to="/how-to-pay">how to pay</SiteLink> for how buying works.
        </p>
        <p>
          Remember that most profiles are fictional: messages you send to them are answered by our team for
          entertainment, and you cannot meet those profiles in person.
        </p>
      </>
    ),
  },
  {
    id: 'delete-account',
    question: 'How do I delete my account?',
    answer: (
      <>
        <ol>
          <li>
            Sign in and open <SiteLink to="/account">Account settings</SiteLink>.
          </li>
          <li>Choose Delete account and confirm.</li>
        </ol>
        <p>
          We may show you an offer before you confirm. You don’t have to take it, and saying no doesn’t stop
          the deletion.
        </p>
        <p>
          Your profile disappears from the site straight away and you are signed out. We delete your data
          within 30 days, apart from what the law makes us keep, such as payment records; our{' '}
          <SiteLink to="/privacy#retention">privacy notice</SiteLink> lists what we keep and for how long.
        </p>
        <p>Before you delete:</p>
        <ul>
          <li>
            If you want a copy of your profile, photos and messages, ask for a data export from Account
            settings or email <a href={`mailto:${support}`}>{support}</a>.
          </li>
          <li>
            If you have bought credits you haven’t used, contact the{' '}
            <SiteLink to="/helpdesk">helpdesk</SiteLink> first; we refund unused bought credits when you close
            your account.
          </li>
        </ul>
        <p>
          Can’t sign in? Email us from the address on your account and we will delete it for you. If you only
          want fewer emails, use the unsubscribe link in any of our emails instead.
        </p>
      </>
    ),
  },
];

const payments: Question[] = [
  {
    id: 'how-credits-work',
    question: 'How do credits work?',
    answer: (
      <>
        <p>
          Credits pay for the messages you send. Each message type (text, image or wink) has its own price in
          credits, shown on the <SiteLink to="/prices">prices page</SiteLink>. The credits are taken when the
          message is sent; if a message fails to send, you keep them.
        </p>
        <p>
          Your balance shows in the top bar as Account Balance. If you have a 24-hour pass running, it shows
          “24h” instead.
        </p>
      </>
    ),
  },
  {
    id: 'credits-expire',
    question: 'Do credits expire?',
    answer: (
      <p>
        No. Credits you buy stay in your account for as long as your account is open. Credits have no cash
        value and can’t be transferred to another member.
      </p>
    ),
  },
  {
    id: 'unlimited-pass',
    question: 'What is the 24-hour unlimited messaging pass?',
    answer: (
      <p>
        It is a one-off purchase that lets you message for 24 hours without credits being taken. The 24 hours
        start when you buy it, and your balance shows “24h” while it runs. It is not a subscription and
        doesn’t renew by itself. What the pass includes and costs is on the{' '}
        <SiteLink to="/prices">prices page</SiteLink>.
      </p>
    ),
  },
  {
    id: 'vip',
    question: 'What is VIP?',
    answer: (
      <p>
        VIP is an optional membership with extra benefits. The <SiteLink to="/vip">VIP page</SiteLink> shows
        the benefits, the price, how long it lasts and whether it renews, before you pay. If a VIP plan
        renews, we remind you before each renewal and you can turn renewal off at any time in Account
        settings.
      </p>
    ),
  },
  {
    id: 'payment-methods',
    question: 'How can I pay?',
    answer: (
      <>
        <p>
          By debit or credit card on our payment provider’s secure payment page. Your card details go straight
          to the provider: we never see or store your card number. Your bank may ask you to confirm the
          payment in its app or with a code.
        </p>
        <p>
          Choose a package under <SiteLink to="/credits/package">Buy credits</SiteLink>. The steps are on{' '}
          <SiteLink to="/how-to-pay">how to pay</SiteLink>.
        </p>
      </>
    ),
  },
  {
    id: 'credits-not-arrived',
    question: 'I have paid. Where are my credits?',
    answer: (
      <p>
        Credits are added as soon as the payment provider confirms your payment to us, usually within seconds.
        Keep the payment status page open until it says the payment is complete. If your balance hasn’t
        changed after 15 minutes, don’t pay again: <SiteLink to="/submit-request">send us a request</SiteLink>{' '}
        with the time and amount and we will sort it out.
      </p>
    ),
  },
  {
    id: 'payment-failed',
    question: 'Why did my payment fail?',
    answer: (
      <>
        <p>Usually for one of these reasons:</p>
        <ul>
          <li>the bank’s confirmation step (in its app or by code) was not completed or timed out;</li>
          <li>the card has expired, or a detail such as the security code was mistyped;</li>
          <li>there wasn’t enough money available;</li>
          <li>the bank declined the payment, as some banks do for dating and adult sites.</li>
        </ul>
        <p>
          A failed payment is not charged. Your bank may briefly show a pending amount, which it releases,
          usually within a few days. Try again, use another card, or ask your bank why it declined.
        </p>
      </>
    ),
  },
  {
    id: 'receipts',
    question: 'Will I get a receipt?',
    answer: (
      <p>
        Yes. After a successful payment we email a confirmation to the address on your account. The name that
        appears on your bank statement is shown on the payment page before you pay. If you see a charge you
        don’t recognise, contact us before you contact your bank; we can usually explain it at once.
      </p>
    ),
  },
  {
    id: 'refunds',
    question: 'Can I cancel or get a refund?',
    answer: (
      <>
        <p>
          Yes, in these cases. You have <strong>14 days</strong> from a purchase to cancel it. Because you ask
          us to make credits and passes available straight away, we refund what you haven’t used: unused
          credits in full, and for a pass or VIP, the part of the price for the time left. We also refund you
          if something went wrong on our side, for example a double charge.
        </p>
        <p>
          To cancel or ask for a refund, email <a href={`mailto:${support}`}>{support}</a> or{' '}
          <SiteLink to="/submit-request">send us a request</SiteLink>. We refund to the card you paid with
          within 14 days of agreeing the refund. The details are in our{' '}
          <SiteLink to="/terms-of-use#cancellation">terms of use</SiteLink>.
        </p>
      </>
    ),
  },
];

function QuestionList({ questions }: { questions: readonly Question[] }) {
  return (
    <ul className={styles.questions}>
      {questions.map((item) => (
        <li key={item.id}>
          <details id={item.id} className={styles.question}>
            <summary>{item.question}</summary>
            <div className={styles.answer}>{item.answer}</div>
          </details>
        </li>
      ))}
    </ul>
  );
}

const sections: ArticleSection[] = [
  {
    id: 'your-account',
    title: 'Your account',
    body: <QuestionList questions={yourAccount} />,
  },
  {
    id: 'payments',
    title: 'Payments',
    body: <QuestionList questions={payments} />,
  },
];

export default function FaqPage() {
  return (
    <Article
      title="Frequently asked questions"
      intro={
        <ArticleLead>Quick answers about your account and paying. Tap a question to open it.</ArticleLead>
      }
      sections={sections}
    >
      <ArticleHelp
        id="faq-help"
        title="Didn’t find your answer?"
        actions={
          <>
            <SiteLink to="/helpdesk" className="ukd-button ukd-button--primary">
              Visit the helpdesk
            </SiteLink>
            <SiteLink to="/contact" className="ukd-button ukd-button--secondary">
              Contact us
            </SiteLink>
          </>
        }
      >
        <p>Our support team is happy to help. Write to us and we will reply by email.</p>
      </ArticleHelp>
    </Article>
  );
}
