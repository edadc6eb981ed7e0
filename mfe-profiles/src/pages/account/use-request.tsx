import { useCallback, useState } from 'react';

export type RequestState = { status: 'idle' | 'busy' } | { status: 'done' | 'failed'; message: string };

/** One action on the account page and what the member should be told about it. */
export function useRequest() {
  const [state, setState] = useState<RequestState>({ status: 'idle' });
  const run = useCallback(async (call: () => Promise<{ message?: string } | undefined>) => {
    setState({ status: 'busy' });
    try {
      const result = await call();
      setState({ status: 'done', message: result?.message ?? '' });
      return true;
    } catch (error) {
      setState({
        status: 'failed',
        message: error instanceof Error ? error.message : 'Something went wrong.',
      });
      return false;
    }
  }, []);
  return { state, run };
}

export function Outcome({ state }: { state: RequestState }) {
  if (state.status !== 'done' && state.status !== 'failed') return null;
  if (!state.message) return null;
  return (
    <p className={`ukd-notice ukd-notice--${state.status === 'done' ? 'success' : 'error'}`} role="status">
      {state.message}
    </p>
  );
}
