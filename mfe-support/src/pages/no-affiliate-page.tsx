import { ArticleActions, SiteLink } from '@ukd/ui';
import { ContentArticle } from '../content/content-article';
import noAffiliate from '../content/no-affiliate.mdx';

export default function NoAffiliatePage() {
  return (
    <ContentArticle title="Flirtlane, without affiliate tracking" content={noAffiliate}>
      <ArticleActions>
        <SiteLink to="/register" className="ukd-button ukd-button--primary">
          Create account
        </SiteLink>
        <SiteLink to="/login" className="ukd-button ukd-button--secondary">
          Log in
        </SiteLink>
      </ArticleActions>
    </ContentArticle>
  );
}
