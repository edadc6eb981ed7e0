import { ContentArticle } from '../content/content-article';
import privacy from '../content/privacy.mdx';

export default function PrivacyPage() {
  return <ContentArticle title="Privacy notice" updated="2026-11-25" content={privacy} />;
}
