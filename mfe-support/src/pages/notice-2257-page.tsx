import { Article, ArticleLead, type ArticleSection, SiteLink } from '@ukd/ui';

const support = 'support@flirtlane.example';

const sections: ArticleSection[] = [
  {
    id: 'about',
    title: 'About this statement',
    body: (
      <>
        <p>
          In the United States, 18 U.S.C. § 2257 and § 2257A and the regulations at 28 C.F.R. Part 75 require
          anyone who produces visual depictions of actual or simulated sexually explicit conduct to keep
          records of the age and identity of each person shown, and to say where those records are kept.
        </p>
        <p>
          Flirtlane is run by Flirtlane Ltd, a company based in the United Kingdom, for adults in the United
          Kingdom. We publish this statement so that anyone can see how those record-keeping rules relate to
          Flirtlane and why no records are required.
        </p>
      </>
    ),
  },
  {
    id: 'our-content',
    title: 'Content we publish ourselves',
    body: (
      <>
        <p>
          Flirtlane Ltd does not produce any visual depiction of actual or simulated sexually explicit
          conduct. The images we publish ourselves, on our home and landing pages and on the fictional
          profiles we run, do not show such conduct. They are therefore outside the scope of 18 U.S.C. § 2257
          and § 2257A and 28 C.F.R. Part 75, and no records are required for them.
        </p>
        <p>
          Everyone shown in an image we publish was 18 or older when the image was made, and we use images
          only under a licence or a model release.
        </p>
      </>
    ),
  },
  {
    id: 'member-content',
    title: 'Content uploaded by members',
    body: (
      <>
        <p>
          Members upload profile photos and send images in private messages. For this content Flirtlane Ltd is
          not a producer within the meaning of 18 U.S.C. § 2257(h)(2)(B) and 28 C.F.R. § 75.1(c)(4): we only
          transmit, store, host and format it, without selecting or altering what it shows. Removing content
          that breaks our rules does not change this.
        </p>
        <p>Every member agrees in our terms of use that:</p>
        <ul>
          <li>they upload only images of themselves, and they were 18 or older when each image was made;</li>
          <li>everyone shown has agreed to being shown and to the image being shared;</li>
          <li>they don’t send sexual images to anyone who hasn’t agreed to receive them.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'age-of-members',
    title: 'Everyone on Flirtlane is an adult',
    body: (
      <p>
        Every member must be 18 or over and pass a highly effective age check, as the UK Online Safety Act
        2023 requires, before they can send or see images. We remove any image that shows, or may show, a
        person under 18, close the account that posted it and report it to the UK National Crime Agency.
      </p>
    ),
  },
  {
    id: 'report',
    title: 'Report a concern',
    body: (
      <p>
        If you think an image on Flirtlane shows someone under 18, or someone who did not agree to it being
        shared, please tell us at once through <SiteLink to="/report-abuse">report abuse</SiteLink> or by
        email to <a href={`mailto:${support}`}>{support}</a>. Questions about this statement go to the same
        address. Our registered address is shown in the <SiteLink to="/helpdesk">helpdesk</SiteLink>.
      </p>
    ),
  },
];

export default function Notice2257Page() {
  return (
    <Article
      title="18 U.S.C. 2257 statement"
      updated="2026-11-21"
      intro={
        <ArticleLead>
          Our statement on the United States record-keeping requirements for sexually explicit images: why
          they don’t apply to Flirtlane and how we make sure everyone shown is an adult.
        </ArticleLead>
      }
      sections={sections}
    />
  );
}
