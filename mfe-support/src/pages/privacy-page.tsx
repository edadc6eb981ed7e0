import { Article, ArticleLead, type ArticleSection, SiteLink } from '@ukd/ui';
import styles from './privacy.module.css';

const support = 'support@flirtlane.example';
const Email = () => <a href={`mailto:${support}`}>{support}</a>;

const sections: ArticleSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    body: (
      <>
        <p>
          Flirtlane Ltd runs Flirtlane and is the <strong>controller</strong> of your personal data: we decide
          how and why it is used, and we are responsible for it under the UK General Data Protection
          Regulation (UK GDPR) and the Data Protection Act 2018.
        </p>
        <p>
          You can reach us about anything in this notice at <Email /> (please put “Data protection” in the
          subject) or through the <SiteLink to="/helpdesk">helpdesk</SiteLink>, which also shows our
          registered address.
        </p>
      </>
    ),
  },
  {
    id: 'data-we-collect',
    title: 'The data we collect',
    body: (
      <>
        <dl className={styles.facts}>
          <div>
            <dt>Account</dt>
            <dd>
              Username, email address, password (stored only in a scrambled, one-way form), gender, the gender
              you are interested in, your town, and whether you have confirmed your email.
            </dd>
          </div>
          <div>
            <dt>Age check</dt>
            <dd>
              The result of your age check: whether you passed, the method used and when. The age-assurance
              provider processes your ID document or face image to do the check; we don’t receive or keep
              them.
            </dd>
          </div>
          <div>
            <dt>Profile</dt>
            <dd>
              Your photos, description and the details you choose to add, such as body type, eye and hair
              colour, and tattoos and piercings. Other members can see your profile.
            </dd>
          </div>
          <div>
            <dt>Messages and activity</dt>
            <dd>
              The messages, images and winks you send and receive; the profiles you view, like and favourite;
              who views, likes and favourites you; your notifications and settings.
            </dd>
          </div>
          <div>
            <dt>Payments</dt>
            <dd>
              What you bought, when, the amount, and the payment provider’s reference and result. Your card
              details go to the payment provider; we never see or store your full card number.
            </dd>
          </div>
          <div>
            <dt>Device and usage</dt>
            <dd>
              Your IP address, browser and device type, a device identifier we work out from your browser’s
              settings, pages you visit on Flirtlane, and the advertising campaign or link that brought you to
              us.
            </dd>
          </div>
          <div>
            <dt>Support and safety</dt>
            <dd>
              What you write to our helpdesk, reports you make or that are made about you, and our moderation
              decisions.
            </dd>
          </div>
        </dl>
        <p>
          Most of this comes from you. Some comes from others: other members (for example when they message or
          report you), our age-assurance provider (your result), our payment provider (the payment result) and
          advertising partners (which campaign you came from).
        </p>
      </>
    ),
  },
  {
    id: 'special-category-data',
    title: 'Sexual orientation and sex life',
    body: (
      <>
        <p>
          Flirtlane is a casual-dating site, so having an account, the gender you are interested in, your
          profile and your messages can reveal your <strong>sexual orientation and sex life</strong>. UK GDPR
          calls this special category data and protects it more strongly.
        </p>
        <p>
          We use it only with your <strong>explicit consent</strong> (UK GDPR Article 9(2)(a)), which we ask
          for separately when you join, and only to run the service: to show your profile, to suggest people
          you may like, and to deliver your messages. We never sell it, and we never use it for advertising
          outside Flirtlane.
        </p>
        <p>
          You can withdraw your consent at any time by deleting your account, or by contacting us. We can’t
          run a dating profile without this data, so withdrawing it means closing your account; it doesn’t
          affect what we did before you withdrew.
        </p>
      </>
    ),
  },
  {
    id: 'how-we-use-data',
    title: 'How we use your data and our lawful bases',
    body: (
      <>
        <p>UK GDPR requires a lawful basis for each use of personal data. Ours are:</p>
        <dl className={styles.facts}>
          <div>
            <dt>Contract</dt>
            <dd>
              To create and run your account, show your profile, deliver messages and notifications, sell you
              credits, passes and VIP and add them to your account, and answer your support requests.
            </dd>
          </div>
          <div>
            <dt>Legal obligation</dt>
            <dd>
              To check that you are an adult (Online Safety Act 2023), to deal with illegal content and
              reports, to keep tax and accounting records, and to answer lawful requests from the police and
              regulators.
            </dd>
          </div>
          <div>
            <dt>Legitimate interests</dt>
            <dd>
              To keep accounts and payments secure, to prevent fraud, spam and abuse (including with the
              device identifier and bot checks), to moderate content under our terms, to fix faults and
              improve the service, and to defend legal claims. We have weighed these interests against your
              rights, and you can object (see <a href="#your-rights">your rights</a>).
            </dd>
          </div>
          <div>
            <dt>Consent</dt>
            <dd>
              For your sexual orientation and sex-life data (see above), marketing emails, browser push
              notifications, and analytics and advertising cookies. You can withdraw consent at any time.
            </dd>
          </div>
        </dl>
      </>
    ),
  },
  {
    id: 'fictional-profiles',
    title: 'Fictional profiles and who reads your messages',
    body: (
      <>
        <p>
          Most profiles on Flirtlane are fictional and are run by our team for entertainment. When you message
          a fictional profile,{' '}
          <strong>our staff and contractors read your message and write the replies</strong>. They work under
          confidentiality obligations and see only what they need to keep the conversation going.
        </p>
        <p>
          Messages between real members are not read by our team unless a message is reported or flagged
          (below).
        </p>
      </>
    ),
  },
  {
    id: 'safety-and-moderation',
    title: 'Safety, moderation and automated tools',
    body: (
      <>
        <p>
          To meet our duties under the Online Safety Act 2023, we use automated tools to check photos and
          images sent in messages, for example to detect nude images so that we can hide them behind a warning
          unless the person receiving them has chosen to see them, and to detect spam and scams. Our
          moderators review what the tools flag and what members report.
        </p>
        <p>
          We do not close or restrict an account on an automated decision alone: a person reviews it first,
          and you can challenge any decision through the <SiteLink to="/helpdesk">helpdesk</SiteLink>. Where
          we find content that may show the sexual abuse of a child, we report it to the National Crime
          Agency.
        </p>
      </>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share data with',
    body: (
      <>
        <p>We never sell your personal data. We share it only with:</p>
        <ul>
          <li>
            <strong>Other members</strong>, who see your profile, and your messages to them.
          </li>
          <li>
            <strong>Processors</strong> who work for us under contract and only on our instructions: hosting
            and storage, email delivery, real-time messaging, customer support tools, image moderation, and
            bot protection (Google reCAPTCHA and Cloudflare Turnstile).
          </li>
          <li>
            <strong>Our age-assurance provider</strong>, which carries out your age check.
          </li>
          <li>
            <strong>Payment providers</strong> such as TrustPay, which take your payment on their own secure
            page and are responsible for the card data you give them.
          </li>
          <li>
            <strong>Analytics and advertising partners</strong>, only if you accept those cookies.
          </li>
          <li>
            <strong>The police, courts and regulators</strong>, when the law requires it or to protect someone
            from serious harm.
          </li>
          <li>
            <strong>A buyer of our business</strong>, who would have to keep to this notice.
          </li>
        </ul>
        <p>You can ask us for the names of our current processors.</p>
      </>
    ),
  },
  {
    id: 'international-transfers',
    title: 'International transfers',
    body: (
      <p>
        Some of our providers process data outside the UK, for example in the European Economic Area or the
        United States. We transfer data only to countries the UK recognises as giving adequate protection
        (including the EEA, and US companies certified under the UK Extension to the EU-US Data Privacy
        Framework), or under the Information Commissioner’s International Data Transfer Agreement or Addendum
        with a transfer risk assessment. You can ask us for a copy of the safeguards.
      </p>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep data',
    body: (
      <>
        <dl className={styles.facts}>
          <div>
            <dt>Account, profile, messages</dt>
            <dd>
              While your account is open. After you delete it, your profile is hidden at once and the data is
              deleted within 30 days. Messages you sent stay in the other member’s conversation, shown without
              your profile.
            </dd>
          </div>
          <div>
            <dt>Inactive accounts</dt>
            <dd>Closed and deleted after 24 months without a sign-in. We email you a month before.</dd>
          </div>
          <div>
            <dt>Payment records</dt>
            <dd>Six years after the end of the financial year of the purchase, as UK tax law requires.</dd>
          </div>
          <div>
            <dt>Age-check result</dt>
            <dd>
              While your account is open, and for one year after, to show that we carried out the check.
            </dd>
          </div>
          <div>
            <dt>Safety records</dt>
            <dd>
              Reports and moderation decisions: two years. Where we closed an account for serious harm, the
              details needed to stop the person joining again: up to five years.
            </dd>
          </div>
          <div>
            <dt>Security logs</dt>
            <dd>IP addresses and device identifiers in our logs: 90 days.</dd>
          </div>
          <div>
            <dt>Backups</dt>
            <dd>Overwritten within 35 days.</dd>
          </div>
        </dl>
        <p>We keep data longer only when we must, for example for a legal claim or a police investigation.</p>
      </>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    body: (
      <>
        <p>You have the right to:</p>
        <ul>
          <li>
            <strong>access</strong> your data and get a copy of it;
          </li>
          <li>
            <strong>correct</strong> data that is wrong (you can edit most of it in your profile);
          </li>
          <li>
            <strong>erasure</strong>: have your data deleted, by deleting your account or asking us;
          </li>
          <li>
            <strong>data portability</strong>: an export of the data you gave us, including your profile,
            photos and messages, in a common machine-readable format (JSON with your image files);
          </li>
          <li>
            <strong>object</strong> to our use of data based on legitimate interests, and to direct marketing
            at any time;
          </li>
          <li>
            <strong>restrict</strong> our use of your data while a complaint is looked into;
          </li>
          <li>
            <strong>withdraw consent</strong> at any time;
          </li>
          <li>
            not to be subject to a decision with legal or similarly significant effects made{' '}
            <strong>solely by automated means</strong>.
          </li>
        </ul>
        <h3>How to use them</h3>
        <p>
          Use <SiteLink to="/account">Account settings</SiteLink>, or email <Email /> from the address on your
          account. It is free. We may ask you to confirm who you are before we act; the time to answer starts
          once you have.
        </p>
        <p>
          We answer <strong>within one month</strong>. If a request is complex, or you make several, we may
          take up to two months more, and we will tell you why within the first month. We will search for your
          data in a reasonable and proportionate way, and if we need you to clarify what you are asking for,
          we pause the time limit until you do.
        </p>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and similar technologies',
    body: (
      <>
        <p>
          We use cookies, your browser’s local storage and similar technologies, following the Privacy and
          Electronic Communications Regulations (PECR).
        </p>
        <dl className={styles.facts}>
          <div>
            <dt>Strictly necessary</dt>
            <dd>
              To keep you signed in, remember your choices on this page, protect sign-in and payments from
              bots and fraud, and keep the site working. These don’t need consent and can’t be switched off.
            </dd>
          </div>
          <div>
            <dt>Analytics</dt>
            <dd>To count visits and see which pages work. Used only if you agree.</dd>
          </div>
          <div>
            <dt>Advertising</dt>
            <dd>To know which advert brought you here and measure our campaigns. Used only if you agree.</dd>
          </div>
        </dl>
        <p>
          We ask for your choice on your first visit. You can change it at any time from Cookie settings at
          the bottom of every page, or by clearing this site’s data in your browser. Our pages also load fonts
          and icons from public content networks, which receive your IP address to send them.
        </p>
      </>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: (
      <p>
        Flirtlane is only for adults. Everyone must pass an age check to use it. If we learn that an account
        belongs to someone under 18, we close it and delete their data, keeping only what we need to stop them
        joining again and to meet our safety duties.
      </p>
    ),
  },
  {
    id: 'security',
    title: 'Keeping your data safe',
    body: (
      <p>
        We encrypt data in transit, store passwords only in a one-way scrambled form and limit which staff can
        see personal data to those who need it for their work. If a breach puts you at high risk, we will tell
        you and the Information Commissioner’s Office without undue delay.
      </p>
    ),
  },
  {
    id: 'complaints',
    title: 'Complaints',
    body: (
      <>
        <p>
          If you are unhappy with how we use your data, please tell us first at <Email />. We will acknowledge
          your complaint within 30 days and tell you what we have done about it without undue delay.
        </p>
        <p>
          You can also complain to the Information Commissioner’s Office (ICO), the UK data protection
          regulator, at{' '}
          <a href="https://ico.org.uk/make-a-complaint/" rel="noopener noreferrer">
            ico.org.uk/make-a-complaint
          </a>{' '}
          or on 0303 123 1113.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this notice',
    body: (
      <p>
        We update this notice when our use of data changes. If a change matters to you, we tell you by email
        or when you next sign in, before it takes effect. The date at the top shows the latest version.
      </p>
    ),
  },
];

export default function PrivacyPage() {
  return (
    <Article
      title="Privacy notice"
      updated="2026-11-21"
      intro={
        <ArticleLead>
          How Flirtlane Ltd collects and uses your personal data when you visit or use Flirtlane, and the
          rights you have over it.
        </ArticleLead>
      }
      sections={sections}
    />
  );
}
