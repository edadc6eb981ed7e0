import { isApiError } from '@ukd/api-client';
import { formErrorsReceived } from '@ukd/store';
import { useCallback, useState } from 'react';
import { useDispatch } from 'react-redux';

export type ActionState = { status: 'idle' | 'busy' } | { status: 'done' | 'failed'; message: string };

/**
 * One API call a page makes on the member's behalf (send a reset link, confirm an email):
 * its outcome message, and on a 422 the field messages for the form.
 */
export function useApiAction() {
  const dispatch = useDispatch();
  const [state, setState] = useState<ActionState>({ status: 'idle' });

  const run = useCallback(
    async (call: () => Promise<{ message?: string } | undefined>) => {
      setState({ status: 'busy' });
      try {
        const result = await call();
        setState({ status: 'done', message: result?.message ?? '' });
        return true;
      } catch (error) {
        if (isApiError(error) && Object.keys(error.fieldErrors).length)
          dispatch(formErrorsReceived(error.fieldErrors));
        setState({
          status: 'failed',
          message: error instanceof Error ? error.message : 'Something went wrong.',
        });
        return false;
      }
    },
    [dispatch],
  );

  return { state, run };
}
