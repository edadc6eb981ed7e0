import { Button } from '@ukd/ui';

/** SPEC §2: the error page. `Back to home` is a full load, since the app may be in a bad state. */
export function ErrorPage({ status, message }: { status?: number; message?: string }) {
  return (
    <section className="shell-notice" role="alert">
      {status ? <p className="shell-notice__status">{status}</p> : null}
      <h1>Unfortunately, we have a problem.</h1>
      <p>We have encountered an unusual problem. Our technical team has been informed.</p>
      {message ? <p className="shell-notice__detail">{message}</p> : null}
      <Button onClick={() => window.location.assign('/')}>Back to home</Button>
    </section>
  );
}

/** SPEC §2: shown when the error page itself fails to render. Plain markup, no shared components. */
export function ErrorPageFailure({ error }: { error: unknown }) {
  const details = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return (
    <section className="shell-notice" role="alert">
      <h1>An error occurred while showing the error page</h1>
      <p>Unfortunately an error occurred and while showing the error page another error occurred</p>
      <pre className="shell-notice__detail">{details}</pre>
      <a href="/">Go back to home</a>
    </section>
  );
}
