import styles from './blog.module.css';
import type { BlogArticle } from './library';
import { publishedDate } from './library';

/** Date and reading time, under an article's title in the list and on its page. */
export function ArticleByline({ article }: { article: BlogArticle }) {
  return (
    <p className={styles.byline}>
      <time dateTime={article.published}>{publishedDate.format(new Date(article.published))}</time>
      <span aria-hidden="true"> · </span>
      <span>{article.readingMinutes} min read</span>
    </p>
  );
}
