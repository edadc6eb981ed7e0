import { ContentArticle } from '../content/content-article';
import terms from '../content/terms.mdx';

export default function TermsPage() {
  return <ContentArticle title="Terms of use" updated="2026-11-21" content={terms} />;
}
