import { Article, ArticleLead, ArticleNotice, type ArticleSection, SiteLink } from '@ukd/ui';

const support = 'support@flirtlane.example';
const Email = () => <a href={`mailto:${support}`}>{support}</a>;

const sections: ArticleSection[] = [
  {
    id: 'about',
    title: 'About these terms',
    body: (
      <>
        <p>
          These terms are the agreement between you and Flirtlane Ltd (“we”, “us”), which runs Flirtlane. By
          creating an account you accept them. Please read them, especially the parts on{' '}
          <a href="#fictional-profiles">fictional profiles</a>, <a href="#credits">credits</a> and{' '}
          <a href="#cancellation">your right to cancel</a>.
        </p>
        <p>
          Our registered address and company details are shown in the{' '}
          <SiteLink to="/helpdesk">helpdesk</SiteLink>. How we use your personal data is explained in our{' '}
          <SiteLink to="/privacy">privacy notice</SiteLink>.
        </p>
      </>
    ),
  },
  {
    id: 'fictional-profiles',
    title: 'Fictional profiles: entertainment only',
    body: (
      <>
        <ArticleNotice>
          <p>
            <strong>Most profiles on Flirtlane are fictional.</strong> They are created and run by us, and the
            messages you receive from them are written by our team of chat hosts. Flirtlane is a service for{' '}
            <strong>entertainment</strong>. You cannot meet fictional profiles in person: physical meetings
            with them are not possible.
          </p>
        </ArticleNotice>
        <p>This means:</p>
        <ul>
          <li>
            When you pay to message a profile, you are paying for an entertaining chat, not for an
            introduction to a real person or for a date.
          </li>
          <li>
            Any talk in a chat of meeting up or of a future together is part of the fiction. Our chat hosts
            will never arrange a real meeting.
          </li>
          <li>
            A fictional profile will never ask you for money, gifts, bank details or your contact details
            outside Flirtlane. If a profile does, report it.
          </li>
          <li>
            Some profiles belong to real members. You should not assume that any profile you message is a real
            person.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'who-can-join',
    title: 'Who can join: 18+ and age checks',
    body: (
      <>
        <p>To use Flirtlane you must:</p>
        <ul>
          <li>be 18 or over and of the legal age of consent where you live;</li>
          <li>live in the United Kingdom;</li>
          <li>not have been banned from Flirtlane, and not be barred by law from using a service like it.</li>
        </ul>
        <p>
          Flirtlane contains adult content shared by members, so under the Online Safety Act 2023 we must use{' '}
          <strong>highly effective age assurance</strong>. Saying you are 18 is not enough: before you can use
          messaging and see or share images, you must pass an age check by one of the methods we offer (such
          as facial age estimation, photo-ID matching, or a check with your bank, mobile network or credit
          card). We may ask you to check again if we have reason to doubt your age. Trying to get around the
          check, or helping anyone under 18 to use Flirtlane, ends your account.
        </p>
      </>
    ),
  },
  {
    id: 'your-account',
    title: 'Your account',
    body: (
      <ul>
        <li>
          One account per person. Your account is personal: don’t share it, sell it or let anyone else use it.
        </li>
        <li>Give true information about yourself, and keep your email address up to date.</li>
        <li>
          Use only photos of yourself that you have the right to share. No photos of children, even your own.
        </li>
        <li>
          Keep your password secret, and tell us at once if you think someone else has used your account.
        </li>
        <li>Your username must not be offensive, contain contact details or pretend to be someone else.</li>
        <li>Flirtlane is for personal use. You may not use it to advertise, sell or recruit.</li>
      </ul>
    ),
  },
  {
    id: 'conduct',
    title: 'Prohibited conduct',
    body: (
      <>
        <p>On Flirtlane you must not:</p>
        <ul>
          <li>
            <strong>send sexual images that the other person has not asked for or agreed to receive</strong>.
            Cyberflashing is a criminal offence in the UK. We automatically detect nude images in messages and
            hide them behind a warning, and we close the accounts of people who send them unsolicited;
          </li>
          <li>share or threaten to share an intimate image of anyone without their consent;</li>
          <li>
            post or send anything that sexualises children or that shows anyone who is, or looks, under 18. We
            report this to the National Crime Agency;
          </li>
          <li>
            harass, threaten, stalk, bully or blackmail anyone, including demanding money under threat of
            exposure;
          </li>
          <li>post hate speech or anything that encourages violence, self-harm or terrorism;</li>
          <li>offer or ask for sex for money, or advertise escort or other commercial sexual services;</li>
          <li>ask other members for money, gifts, investments or financial details, or run any scam;</li>
          <li>pretend to be someone else, or use another person’s photos;</li>
          <li>post another person’s private information, such as their address or phone number;</li>
          <li>send spam, chain messages or links to other sites;</li>
          <li>
            use bots, scripts or scrapers, copy profiles or content off Flirtlane, or try to get around our
            security or moderation;
          </li>
          <li>break any law, or infringe anyone’s copyright or other rights.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'your-content',
    title: 'Your content',
    body: (
      <p>
        You keep ownership of what you post. You give us a non-exclusive, royalty-free licence to store, show
        and send it so that we can run Flirtlane, for as long as it is on the site. We don’t use your photos
        in advertising. You are responsible for what you post and must have the right to post it.
      </p>
    ),
  },
  {
    id: 'credits',
    title: 'Credits',
    body: (
      <ul>
        <li>
          Credits pay for the messages you send. Each message type (text, image or wink) has its own price in
          credits, set by us and shown on the <SiteLink to="/prices">prices page</SiteLink> before you buy and
          before you send. Credits are taken when a message is sent; if it fails to send, they are returned.
        </li>
        <li>
          You buy credits in packages at <SiteLink to="/credits/package">Buy credits</SiteLink>. The price of
          each package is shown, in pounds and including VAT, before you pay.
        </li>
        <li>
          Credits are added once our payment provider confirms your payment. Your balance is shown in the top
          bar.
        </li>
        <li>
          <strong>Credits do not expire</strong> while your account is open.
        </li>
        <li>
          Credits have no cash value, cannot be exchanged for money except as a refund under these terms, and
          cannot be transferred to another account.
        </li>
        <li>
          Bonus or promotional credits we give you for free are used before the credits you bought, and are
          not refundable.
        </li>
        <li>
          If we change the price of a message type, we tell you before the change takes effect. The credits
          you already have stay in your account.
        </li>
      </ul>
    ),
  },
  {
    id: 'unlimited-pass',
    title: '24-hour unlimited messaging pass',
    body: (
      <p>
        The pass lets you send messages for 24 hours without credits being taken. The 24 hours start when your
        payment is confirmed, and your balance shows “24h” while the pass runs. The{' '}
        <SiteLink to="/prices">prices page</SiteLink> shows what the pass includes and costs. The pass is a
        one-off purchase, not a subscription: it does not renew automatically. The rules on{' '}
        <a href="#conduct">prohibited conduct</a> apply in full, and sending spam ends the pass and may end
        your account.
      </p>
    ),
  },
  {
    id: 'vip',
    title: 'VIP membership',
    body: (
      <p>
        VIP is an optional membership with extra benefits. Before you buy, the{' '}
        <SiteLink to="/vip">VIP page</SiteLink> shows its benefits, its price, how long it lasts and whether
        it renews. If your VIP plan renews automatically, we remind you before each renewal, and you can turn
        off renewal at any time in <SiteLink to="/account">Account settings</SiteLink>; VIP then runs to the
        end of the period you have paid for.
      </p>
    ),
  },
  {
    id: 'cancellation',
    title: 'Your 14-day right to cancel',
    body: (
      <>
        <p>
          Under the Consumer Contracts Regulations 2013 you can cancel any purchase (credits, a pass or VIP)
          within <strong>14 days</strong> of the day you bought it, without giving a reason.
        </p>
        <p>
          At checkout you ask us to make your purchase available straight away, and you accept that this
          affects your right to cancel as follows:
        </p>
        <ul>
          <li>
            <strong>Credits:</strong> we refund the credits from that purchase that you have not used. Credits
            you have already spent on messages are not refunded.
          </li>
          <li>
            <strong>24-hour pass:</strong> if you cancel while it is running, we refund the part of the price
            for the time left. Once the 24 hours are over, the pass has been fully provided and can no longer
            be cancelled.
          </li>
          <li>
            <strong>VIP:</strong> we refund the price less an amount for the days you have already had VIP.
          </li>
        </ul>
        <p>
          <strong>How to cancel:</strong> tell us clearly that you want to cancel, by email to <Email /> or
          through <SiteLink to="/submit-request">a support request</SiteLink>, from the email address on your
          account. It is enough to send it within the 14 days. We refund you within 14 days of receiving your
          request, to the card you paid with, at no cost to you.
        </p>
      </>
    ),
  },
  {
    id: 'refunds',
    title: 'Refunds and problems with payments',
    body: (
      <>
        <p>Besides your right to cancel, we refund you:</p>
        <ul>
          <li>if you were charged twice or charged for something you did not receive;</li>
          <li>
            your unused bought credits, and any unused time of a pass or VIP, if you ask when you close your
            account, if we close it for a reason other than a breach of these terms, or if we stop running
            Flirtlane.
          </li>
        </ul>
        <p>
          If you think a charge is wrong, please contact us before you contact your bank; we can usually
          resolve it quickly. If you start a chargeback, we may pause your account while it is open. Nothing
          in these terms affects your statutory rights, including your rights under the Consumer Rights Act
          2015 if digital content or a service we provide is faulty.
        </p>
      </>
    ),
  },
  {
    id: 'moderation',
    title: 'Moderation and reporting',
    body: (
      <>
        <p>
          You can report a profile, message or image from the report option next to it, or through{' '}
          <SiteLink to="/report-abuse">report abuse</SiteLink>. Our moderators review every report and act on
          illegal content as quickly as we can. We also use automated tools, as our{' '}
          <SiteLink to="/privacy#safety-and-moderation">privacy notice</SiteLink> explains.
        </p>
        <p>
          If content or behaviour breaks these terms, we may remove the content, warn you, limit what you can
          do, suspend your account or close it. Where the law requires, or someone is at risk, we report to
          the police or the National Crime Agency.
        </p>
        <p>
          <strong>Complaints and appeals:</strong> if you disagree with a decision about your content or
          account, or you want to complain about how we handled a report, tell us through the{' '}
          <SiteLink to="/helpdesk">helpdesk</SiteLink>. Someone who was not involved in the original decision
          reviews it and tells you the outcome.
        </p>
      </>
    ),
  },
  {
    id: 'ending',
    title: 'Ending your account',
    body: (
      <>
        <p>
          You can delete your account at any time in <SiteLink to="/account">Account settings</SiteLink>. See{' '}
          <a href="#refunds">refunds</a> for unused credits.
        </p>
        <p>
          We may suspend or close your account if you seriously or repeatedly break these terms, if the law
          requires us to, or to protect other members. We tell you why, unless the law or someone’s safety
          stops us. If you break these terms, we do not refund credits, passes or VIP, apart from what your
          right to cancel gives you. We may also close an account that has not been used for 24 months, after
          emailing you a month before.
        </p>
      </>
    ),
  },
  {
    id: 'liability',
    title: 'Our responsibility to you',
    body: (
      <>
        <p>
          We provide Flirtlane with reasonable care and skill. If we break these terms, we are responsible for
          loss you suffer that is a foreseeable result of it. We are not responsible for loss that was not
          foreseeable, for business losses, or for the behaviour of members, although we act on reports.
        </p>
        <p>
          We do not exclude or limit our liability where the law does not allow it, including for death or
          personal injury caused by our negligence, for fraud, or for breaking your legal rights as a
          consumer.
        </p>
        <p>
          We may pause Flirtlane for maintenance or repairs, and we try to keep those pauses short. If a pass
          or VIP is cut short by a long outage, we extend it or refund the time lost.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        We may change these terms, for example when the law or our service changes. We tell you about
        important changes at least 30 days before they take effect, by email or when you sign in. If you do
        not agree, you can close your account before then and we refund your unused bought credits.
      </p>
    ),
  },
  {
    id: 'law',
    title: 'Law and disputes',
    body: (
      <p>
        These terms are governed by the law of England and Wales. If you live in Scotland or Northern Ireland,
        you can also bring a claim in the courts there, and the mandatory consumer law of your home nation
        still protects you. Please talk to us first: most problems can be put right quickly.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    body: (
      <p>
        Email <Email />, visit the <SiteLink to="/helpdesk">helpdesk</SiteLink> or use our{' '}
        <SiteLink to="/contact">contact page</SiteLink>. The helpdesk also shows our registered address.
      </p>
    ),
  },
];

export default function TermsPage() {
  return (
    <Article
      title="Terms of use"
      updated="2026-11-21"
      intro={
        <ArticleLead>
          The rules for using Flirtlane, what you pay for and your rights. Flirtlane is for adults aged 18 and
          over in the United Kingdom.
        </ArticleLead>
      }
      sections={sections}
    />
  );
}
