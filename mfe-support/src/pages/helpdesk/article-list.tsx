import { SiteLink } from '@ukd/ui';
import type { HelpArticle } from '../../helpdesk/articles';
import styles from '../support.module.css';

export function ArticleList({ articles }: { articles: readonly HelpArticle[] }) {
  return (
    <ul className={styles.articles}>
      {articles.map((article) => (
        <li key={article.slug}>
          <SiteLink to={`/helpdesk/${article.slug}`}>{article.title}</SiteLink>
          <p>{article.summary}</p>
        </li>
      ))}
    </ul>
  );
}
