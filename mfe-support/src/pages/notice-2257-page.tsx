import { ContentArticle } from '../content/content-article';
import notice2257 from '../content/notice-2257.mdx';

export default function Notice2257Page() {
  return <ContentArticle title="18 U.S.C. 2257 statement" updated="2026-11-21" content={notice2257} />;
}
