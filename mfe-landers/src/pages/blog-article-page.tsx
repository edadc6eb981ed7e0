import { SiteLink, usePageTitle } from '@ukd/ui';
import type { ComponentProps } from 'react';
import { useParams } from 'react-router';
import { ArticleByline } from '../blog/article-byline';
import styles from '../blog/blog.module.css';
import { articleBySlug } from '../blog/library';

/** Links inside an article: the site's own pages through the router, anything else as is. */
function ArticleLink({ href = '', ...rest }: ComponentProps<'a'>) {
  if (href.startsWith('/')) return <SiteLink to={href} {...rest} />;
  return <a href={href} rel="noopener noreferrer" {...rest} />;
}

const components = { a: ArticleLink };

/** `/blog/:slug`: one article from `src/blog/articles/<slug>.mdx`. */
export default function BlogArticlePage() {
  const { slug } = useParams();
  const article = articleBySlug(slug);
  usePageTitle(article?.title ?? 'This article could not be found', article?.description);
  if (!article) {
    return (
      <div className={styles.blog}>
        <h1>This article could not be found</h1>
        <p>
          It may have moved. <SiteLink to="/blog">See all articles</SiteLink>
        </p>
      </div>
    );
  }
  const { Content } = article;
  return (
    <article className={`${styles.blog} ${styles.article}`} aria-labelledby="blog-article-title">
      <p className={styles.crumbs}>
        <SiteLink to="/blog">All articles</SiteLink>
      </p>
      <header>
        <h1 id="blog-article-title">{article.title}</h1>
        <ArticleByline article={article} />
        <p className={styles.lead}>{article.description}</p>
      </header>
      <div className={styles.body}>
        <Content components={components} />
      </div>
      <aside className={styles.join}>
        <h2>Ready to say hello?</h2>
        <p>Joining is free and takes about a minute.</p>
        <SiteLink to="/?s1=blog" className="ukd-button ukd-button--primary">
          Create account
        </SiteLink>
      </aside>
    </article>
  );
}
