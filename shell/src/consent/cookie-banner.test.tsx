// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { memoryStorage } from '@ukd/api-client';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ConsentHost } from './consent-host';
import { createConsentStore } from './consent-store';

afterEach(cleanup);

function renderHost(storage = memoryStorage()) {
  const consent = createConsentStore(storage);
  render(
    <MemoryRouter>
      <main>
        <button type="button">Page button</button>
      </main>
      <ConsentHost consent={consent} />
    </MemoryRouter>,
  );
  return consent;
}

describe('cookie banner', () => {
  it('shows on a first visit as a labelled dialog that takes focus; Reject all records no optional cookies', async () => {
    const consent = renderHost();
    // The banner's chunk loads on first use (slow on a cold test run).
    const dialog = await screen.findByRole('dialog', { name: 'Cookies on this site' }, { timeout: 10_000 });
    // Focus moves in the banner's effect, which a busy machine may run a moment after the dialog
    // appears (once seen in CI: the dialog was found with the focus still on the page).
    await waitFor(() => expect(document.activeElement).toBe(dialog));
    fireEvent.click(screen.getByRole('button', { name: 'Reject all' }));
    expect(consent.current().choice).toMatchObject({ analytics: false, advertising: false });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Choose offers per-category switches with strictly necessary always on', async () => {
    const consent = renderHost();
    fireEvent.click(await screen.findByRole('button', { name: 'Choose' }, { timeout: 10_000 }));
    const necessary = screen.getByRole('checkbox', { name: /Strictly necessary/ });
    expect((necessary as HTMLInputElement).checked).toBe(true);
    expect((necessary as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: /Analytics/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save my choices' }));
    expect(consent.current().choice).toMatchObject({ analytics: true, advertising: false });
  });

  it('stays closed once decided, and reopens with the stored choice ticked', async () => {
    const storage = memoryStorage();
    createConsentStore(storage).choose({ analytics: false, advertising: true });
    const consent = renderHost(storage);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => consent.reopen());
    fireEvent.click(await screen.findByRole('button', { name: 'Choose' }, { timeout: 10_000 }));
    expect((screen.getByRole('checkbox', { name: /Advertising/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: /Analytics/ }) as HTMLInputElement).checked).toBe(false);
    // Escape steps out of Choose, then closes the reopened banner unchanged.
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.getByRole('button', { name: 'Accept all' })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(consent.current().choice).toMatchObject({ analytics: false, advertising: true });
  });

  it('does not take focus from someone already typing', async () => {
    renderHost();
    const button = screen.getByRole('button', { name: 'Page button' });
    button.focus();
    await screen.findByRole('dialog', {}, { timeout: 10_000 });
    expect(document.activeElement).toBe(button);
    // First in the tab order: the banner's slot is the body's first child.
    expect(document.body.firstElementChild?.id).toBe('cookie-consent');
  });
});
