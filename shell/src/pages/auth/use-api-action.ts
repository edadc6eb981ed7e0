import { isApiError } from '@ukd/api-client';
import { formErrorsReceived } from '@ukd/store';
import { useAction } from '@ukd/ui';
import { useCallback } from 'react';
import { useDispatch } from 'react-redux';

export type { ActionState } from '@ukd/ui';

/** An account page's action; a 422's field messages go to the form through the store. */
export function useApiAction() {
  const dispatch = useDispatch();
  const onError = useCallback(
    (error: unknown) => {
      if (isApiError(error) && Object.keys(error.fieldErrors).length)
        dispatch(formErrorsReceived(error.fieldErrors));
    },
    [dispatch],
  );
  return useAction(onError);
}
