import { useCallback, useState } from 'react';

export type ActionState = { status: 'idle' | 'busy' } | { status: 'done' | 'failed'; message: string };

/**
 * One thing a member asked the site to do (send a reset link, end a session) and what they
 * should be told about it: the API's message on success, the error's on failure. `onError`
 * sees the error first, e.g. to show a 422's field messages on the form.
 */
export function useAction(onError?: (error: unknown) => void) {
  const [state, setState] = useState<ActionState>({ status: 'idle' });
  const run = useCallback(
    async (call: () => Promise<{ message?: string } | undefined>) => {
      setState({ status: 'busy' });
      try {
        const result = await call();
        setState({ status: 'done', message: result?.message ?? '' });
        return true;
      } catch (error) {
        onError?.(error);
        setState({
          status: 'failed',
          message: error instanceof Error ? error.message : 'Something went wrong.',
        });
        return false;
      }
    },
    [onError],
  );
  return { state, run };
}

/** The outcome of an action as a notice, once there is something to say. */
export function ActionOutcome({ state }: { state: ActionState }) {
  if ((state.status !== 'done' && state.status !== 'failed') || !state.message) return null;
  return (
    <p className={`ukd-notice ukd-notice--${state.status === 'done' ? 'success' : 'error'}`} role="status">
      {state.message}
    </p>
  );
}
