// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createEventBus } from '@ukd/store';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createProgress, ProgressBar, progressThrottleMs } from './progress-bar';
import { createToaster, Toasts } from './toaster';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('toasts', () => {
  it('shows what a remote emits on the bus and dismisses it after its duration', () => {
    vi.useFakeTimers();
    const bus = createEventBus();
    const toaster = createToaster(bus);
    render(<Toasts toaster={toaster} />);
    act(() =>
      bus.emit('shell:toast', { type: 'success', message: 'Notification deleted', durationMs: 2000 }),
    );
    expect(screen.getByRole('status').textContent).toContain('Notification deleted');
    act(() => vi.advanceTimersByTime(1999));
    expect(screen.queryByText('Notification deleted')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Notification deleted')).toBeNull();
  });

  it('runs an action such as Undo and closes', () => {
    const toaster = createToaster(createEventBus());
    const undo = vi.fn();
    render(<Toasts toaster={toaster} />);
    act(() => {
      toaster.show({
        type: 'info',
        message: "You won't receive notifications from sam anymore.",
        durationMs: 10_000,
        action: { label: 'Undo', onClick: undo },
      });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(undo).toHaveBeenCalledOnce();
    expect(screen.queryByText(/anymore/)).toBeNull();
  });

  it('uses the failure duration of SPEC §9 for errors', () => {
    vi.useFakeTimers();
    const toaster = createToaster(createEventBus());
    render(<Toasts toaster={toaster} />);
    act(() => void toaster.show({ type: 'error', message: 'Failed to mute notifications.' }));
    expect(screen.getByRole('alert').textContent).toBe('Failed to mute notifications.×');
    act(() => vi.advanceTimersByTime(1500));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('progress bar', () => {
  it('stays hidden for work under 200 ms and shows for longer work', async () => {
    vi.useFakeTimers();
    const progress = createProgress();
    render(<ProgressBar progress={progress} />);
    await act(async () => progress.start());
    act(() => vi.advanceTimersByTime(progressThrottleMs - 50));
    await act(async () => progress.done());
    act(() => vi.advanceTimersByTime(progressThrottleMs * 2));
    expect(screen.queryByRole('progressbar')).toBeNull();

    await act(async () => progress.start());
    act(() => vi.advanceTimersByTime(progressThrottleMs));
    expect(screen.getByRole('progressbar').getAttribute('aria-label')).toBe('Loading');
    await act(async () => progress.done());
    act(() => vi.advanceTimersByTime(progressThrottleMs));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('tells its listeners after the caller has returned, once per burst', async () => {
    // Work starts inside React effects, where a synchronous re-render can break React's commit.
    const progress = createProgress();
    const heard: boolean[] = [];
    progress.subscribe(() => heard.push(progress.busy()));
    progress.start();
    progress.done();
    progress.start();
    expect(heard).toEqual([]);
    await Promise.resolve();
    expect(heard).toEqual([true]);
  });
});
