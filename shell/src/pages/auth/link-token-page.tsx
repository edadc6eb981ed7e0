import { SiteLink, Spinner } from '@ukd/ui';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useShellServices } from '../../session/shell-services';
import { AuthCard } from './auth-card';
import { useApiAction } from './use-api-action';

/** A page opened from an emailed link: it sends the link's token once and says how it went. */
export function LinkTokenPage({ title, endpoint }: { title: string; endpoint: string }) {
  const { api } = useShellServices();
  const [params] = useSearchParams();
  const token = params.get('token');
  const { state, run } = useApiAction();

  useEffect(() => {
    if (token) void run(() => api(endpoint, { method: 'POST', body: { token }, auth: false }));
  }, [api, endpoint, token, run]);

  return (
    <AuthCard title={title}>
      {!token ? (
        <p className="ukd-notice ukd-notice--error" role="alert">
          This link is incomplete. Open it again from your email.
        </p>
      ) : state.status === 'done' || state.status === 'failed' ? (
        <p
          className={`ukd-notice ukd-notice--${state.status === 'done' ? 'success' : 'error'}`}
          role="status"
        >
          {state.message}
        </p>
      ) : (
        <Spinner />
      )}
      <p className="shell-auth-card__links">
        <SiteLink to="/">Go to the home page</SiteLink>
      </p>
    </AuthCard>
  );
}
