export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="ukd-spinner" role="status" aria-live="polite">
      <span className="ukd-spinner__dot" aria-hidden="true" />
      <span className="ukd-visually-hidden">{label}</span>
    </div>
  );
}

/**
 * A whole page still loading. It holds a screen's height so the page does not jump when the
 * content arrives, and so the footer's links stay out of view rather than prefetching.
 */
export function PageLoading() {
  return (
    <div className="ukd-page-loading">
      <Spinner label="Loading page" />
    </div>
  );
}
