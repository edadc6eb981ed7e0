import { toFailure } from '@ukd/api-client';
import { useAction } from '@ukd/ui';
import { useCallback, useState } from 'react';

/** A form's call to the API: its outcome for the notice, and a 422's messages for the fields. */
export function useFormCall() {
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  /** The HTTP status of the last failure (0: not sent), e.g. to word a 404 for the page. */
  const [failedStatus, setFailedStatus] = useState<number | null>(null);
  const onError = useCallback((error: unknown) => {
    const failure = toFailure(error);
    setFieldErrors(failure.fieldErrors);
    setFailedStatus(failure.status);
  }, []);
  const { state, run } = useAction(onError);
  const send = useCallback(
    (call: () => Promise<{ message?: string } | undefined>) => {
      setFieldErrors({});
      setFailedStatus(null);
      return run(call);
    },
    [run],
  );
  return { state, fieldErrors, failedStatus, send };
}
