import { SiteLink } from '@ukd/ui';
import { ArticleByline } from '../blog/article-byline';
import styles from '../blog/blog.module.css';
import { articles } from '../blog/library';

/** `/blog`: every article, newest first, each with its description, date and reading time. */
export default function BlogIndexPage() {
  return (
    <div className={styles.blog}>
      <header className={styles.masthead}>
        <h1>Dating advice and safety</h1>
        <p className={styles.lead}>
          Practical, plain-English guides for dating online in the UK: staying safe, writing to someone new
          and meeting for the first time.
        </p>
      </header>
      <ul className={styles.list}>
        {articles.map((article) => (
          <li key={article.slug} className={styles.card}>
            <h2>
              <SiteLink to={`/blog/${article.slug}`}>{article.title}</SiteLink>
            </h2>
            <ArticleByline article={article} />
            <p>{article.description}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
