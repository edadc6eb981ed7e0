import { ArticleHelp, SiteLink } from '@ukd/ui';
import { ContentArticle } from '../content/content-article';
import faq from '../content/faq.mdx';

export default function FaqPage() {
  return (
    <ContentArticle title="Frequently asked questions" content={faq}>
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
    </ContentArticle>
  );
}
