import { Button } from '@ukd/ui';

export function SectionUnavailable({ onRetry }: { onRetry(): void }) {
  return (
    <section className="shell-notice" role="alert">
      <h1>This section is unavailable</h1>
      <p>We couldn't load this part of the site just now. The rest of the site still works.</p>
      <Button onClick={onRetry}>Retry</Button>
    </section>
  );
}
