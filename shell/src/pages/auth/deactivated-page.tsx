import { Button } from '@ukd/ui';
import { useShellServices } from '../../session/shell-services';
import { AuthCard } from './auth-card';
import { useApiAction } from './use-api-action';

export default function DeactivatedPage() {
  const { api, session } = useShellServices();
  const { state, run } = useApiAction();

  async function reactivate() {
    // Once the member is active again the guards send them on to the dashboard.
    if (await run(() => api('/account/reactivate', { method: 'POST' }))) await session.reloadUser();
  }

  return (
    <AuthCard
      title="Your account is deactivated"
      intro="Your profile is hidden and nobody can message you. Reactivate it whenever you like."
    >
      {state.status === 'failed' ? (
        <p className="ukd-notice ukd-notice--error" role="alert">
          {state.message}
        </p>
      ) : null}
      <div className="shell-auth-card__actions">
        <Button onClick={reactivate} disabled={state.status === 'busy'}>
          Reactivate my account
        </Button>
        <Button variant="secondary" onClick={() => void session.logout()}>
          Log out
        </Button>
      </div>
    </AuthCard>
  );
}
