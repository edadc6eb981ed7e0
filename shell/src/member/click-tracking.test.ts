import { describe, expect, it, vi } from 'vitest';
import { createClickTracker } from './click-tracking';

describe('click tracking', () => {
  it('sends at most one click a second and only logs failures', async () => {
    let now = 0;
    const api = vi.fn().mockRejectedValue(new Error('offline'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const track = createClickTracker(api, () => now);
    track({ section_type: 'notification', button_type: 'bell_btn', status: 'opened' });
    now = 999;
    track({ section_type: 'notification', button_type: 'bell_btn', status: 'closed' });
    now = 1000;
    track({ section_type: 'foldout', button_type: 'menu_btn', status: 'opened' });
    await Promise.resolve();
    expect(api).toHaveBeenCalledTimes(2);
    expect(api.mock.calls[1]?.[1]).toMatchObject({ method: 'POST', body: { section_type: 'foldout' } });
    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
    warn.mockRestore();
  });
});
