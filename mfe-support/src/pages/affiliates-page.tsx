import { AffiliateForm } from '../affiliates/affiliate-form';
import affiliates from '../content/affiliates.mdx';
import { ContentArticle } from '../content/content-article';

export default function AffiliatesPage() {
  return (
    <ContentArticle title="Affiliate programme" updated="2026-11-25" content={affiliates}>
      <AffiliateForm />
    </ContentArticle>
  );
}
