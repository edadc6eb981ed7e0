import { ArticleHelp, PageLoading, SiteLink } from '@ukd/ui';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { type Content, ContentArticle } from '../../content/content-article';
import { articleBySlug, helpArticles } from '../../helpdesk/articles';
import styles from '../support.module.css';
import { ArticleList } from './article-list';

/** One help article, `/helpdesk/{slug}`: its MDX text in the site's one article layout. */
export default function HelpArticlePage() {
  const { slug } = useParams();
  const article = articleBySlug(slug);
  const [loaded, setLoaded] = useState<{ slug: string; content: Content } | null>(null);

  useEffect(() => {
    if (!article) return;
    let live = true;
    void article.content().then((module) => {
      if (live) setLoaded({ slug: article.slug, content: module.default });
    });
    return () => {
      live = false;
    };
  }, [article]);

  if (!article) {
    return (
      <div className={styles.page}>
        <h1>This page could not be found</h1>
        <p>
          There is no help article at this address. Search or browse the{' '}
          <SiteLink to="/helpdesk">helpdesk</SiteLink> instead.
        </p>
      </div>
    );
  }
  if (loaded?.slug !== article.slug) return <PageLoading />;

  const related = helpArticles.filter(
    (other) => other.topic === article.topic && other.slug !== article.slug,
  );
  return (
    <ContentArticle title={article.title} content={loaded.content}>
      <ArticleHelp
        id="article-help"
        title="Still need help?"
        actions={
          <>
            <SiteLink
              to={`/submit-request?topic=${article.topic}`}
              className="ukd-button ukd-button--primary"
            >
              Send us a request
            </SiteLink>
            <SiteLink to="/helpdesk" className="ukd-button ukd-button--secondary">
              All help articles
            </SiteLink>
          </>
        }
      >
        {related.length ? (
          <>
            <p>Related articles:</p>
            <ArticleList articles={related} />
          </>
        ) : (
          <p>Our support team answers every request by email.</p>
        )}
      </ArticleHelp>
    </ContentArticle>
  );
}
