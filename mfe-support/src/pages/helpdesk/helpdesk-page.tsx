import { selectLoggedIn, selectSettings } from '@ukd/store';
import { ArticleHelp, SiteLink, TextField } from '@ukd/ui';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useSelector } from 'react-redux';
import { useSearchParams } from 'react-router';
import { helpArticles, helpTopics } from '../../helpdesk/articles';
import { contentText, queryWords, searchArticles } from '../../helpdesk/search';
import styles from '../support.module.css';
import { ArticleList } from './article-list';

/** The text of every article, loaded once per page life the first time someone searches. */
let allTexts: Promise<Map<string, string>> | null = null;
function loadTexts(): Promise<Map<string, string>> {
  allTexts ??= Promise.all(
    helpArticles.map(
      async (article) => [article.slug, contentText((await article.content()).default)] as const,
    ),
  ).then((entries) => new Map(entries));
  return allTexts;
}

export default function HelpdeskPage() {
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const [draft, setDraft] = useState(query);
  const [texts, setTexts] = useState<ReadonlyMap<string, string>>(new Map());
  const loggedIn = useSelector(selectLoggedIn);
  const settings = useSelector(selectSettings);
  const searching = queryWords(query).length > 0;

  useEffect(() => setDraft(query), [query]);
  useEffect(() => {
    if (!searching) return;
    let live = true;
    loadTexts()
      .then((loaded) => live && setTexts(loaded))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [searching]);
  const results = useMemo(() => searchArticles(helpArticles, query, texts), [query, texts]);

  function search(event: FormEvent) {
    event.preventDefault();
    setParams(draft.trim() ? { q: draft.trim() } : {}, { replace: true });
  }

  return (
    <div className={styles.page}>
      <h1>Helpdesk</h1>
      <p className={styles.lead}>Answers about your account, payments, safety and privacy.</p>
      <search>
        <form className={styles.search} onSubmit={search}>
          <TextField
            id="helpdesk-search"
            label="Search help articles"
            type="search"
            value={draft}
            maxLength={200}
            onChange={(event) => setDraft(event.target.value)}
          />
          <button type="submit" className="ukd-button ukd-button--primary">
            Search
          </button>
        </form>
      </search>

      {searching ? (
        <section className={styles.card} aria-labelledby="results-title">
          <h2 id="results-title" aria-live="polite">
            {results.length === 0
              ? `No articles match “${query}”`
              : `${results.length} ${results.length === 1 ? 'article' : 'articles'} for “${query}”`}
          </h2>
          {results.length === 0 ? (
            <p>
              Try other words, browse the topics below, or{' '}
              <SiteLink to="/submit-request">send us a request</SiteLink>.
            </p>
          ) : (
            <ArticleList articles={results} />
          )}
        </section>
      ) : null}

      {helpTopics.map((topic) => (
        <section key={topic.key} className={styles.card} aria-labelledby={`topic-${topic.key}`}>
          <h2 id={`topic-${topic.key}`}>{topic.title}</h2>
          <ArticleList articles={helpArticles.filter((article) => article.topic === topic.key)} />
        </section>
      ))}

      <ArticleHelp
        id="helpdesk-help"
        title="Still need help?"
        actions={
          <>
            <SiteLink to="/submit-request" className="ukd-button ukd-button--primary">
              Send us a request
            </SiteLink>
            {loggedIn ? (
              <SiteLink to="/helpdesk/requests" className="ukd-button ukd-button--secondary">
                Your requests
              </SiteLink>
            ) : null}
            <SiteLink to="/report-abuse" className="ukd-button ukd-button--secondary">
              Report abuse
            </SiteLink>
            <SiteLink to="/contact" className="ukd-button ukd-button--ghost">
              Contact us
            </SiteLink>
          </>
        }
      >
        <p>
          Our support team answers every request by email, usually within one working day. Quick answers are
          also in the <SiteLink to="/faq">FAQ</SiteLink>.
        </p>
        {settings ? (
          <p className={styles.muted}>
            {settings.support.company_name}, {settings.support.company_address}
          </p>
        ) : null}
      </ArticleHelp>
    </div>
  );
}
