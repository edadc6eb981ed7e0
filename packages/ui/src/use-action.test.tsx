// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ActionOutcome, useAction } from './use-action';

afterEach(cleanup);

let run: ReturnType<typeof useAction>['run'];
function Harness({ onError }: { onError?: (error: unknown) => void }) {
  const action = useAction(onError);
  run = action.run;
  return (
    <>
      <span data-testid="status">{action.state.status}</span>
      <ActionOutcome state={action.state} />
    </>
  );
}

describe('useAction', () => {
  it("shows the API's message on success and the error's on failure, telling onError first", async () => {
    const onError = vi.fn();
    render(<Harness onError={onError} />);
    await act(() => run(async () => ({ message: 'We have e-mailed your password reset link!' })));
    expect(screen.getByRole('status').textContent).toBe('We have e-mailed your password reset link!');
    const failure = new Error("We can't find a user with that e-mail address.");
    await act(() => run(async () => Promise.reject(failure)));
    expect(onError).toHaveBeenCalledWith(failure);
    expect(screen.getByTestId('status').textContent).toBe('failed');
    expect(screen.getByRole('status').className).toContain('ukd-notice--error');
  });
});
