// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, fakeApi, renderPage } from '../../test-support';
import AccountPage from './account-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const emptyPage = () => ({ data: [], meta: { current_page: 1, last_page: 1 } });
const base = {
  'GET /sessions': emptyPage,
  'GET /my-blocks': emptyPage,
  'GET /credit-orders': () => ({ data: [] }),
  'GET /vip': () => ({ data: { active: false, until: null } }),
};

const order = (reference: string, day: number, status: 'paid' | 'refunded') => ({
  reference,
  package_id: 'credits-50',
  package_name: '50 credits',
  amount: '19.99',
  status,
  failure_reason: null,
  created_at: `2026-11-${String(day).padStart(2, '0')}T10:00:00Z`,
  paid_at: `2026-11-${String(day).padStart(2, '0')}T10:01:00Z`,
});

describe('AccountPage purchases and VIP', () => {
  it('shows the VIP membership, the three latest purchases and the way to all of them', async () => {
    const { api } = fakeApi({
      ...base,
      'GET /vip': () => ({ data: { active: true, until: '2026-12-24T12:00:00Z' } }),
      'GET /credit-orders': () => ({
        data: [
          order('FL0000000000000000000004', 20, 'refunded'),
          order('FL0000000000000000000003', 19, 'paid'),
          order('FL0000000000000000000002', 18, 'paid'),
          order('FL0000000000000000000001', 17, 'paid'),
        ],
      }),
    });
    renderPage(AccountPage, { path: '/account', url: '/account', api });
    const section = screen.getByRole('region', { name: 'Purchases and VIP' });
    expect(
      await within(section).findByText(
        /You are a VIP member until 24 Dec 2026\. It does not renew by itself\./,
      ),
    ).toBeInstanceOf(HTMLElement);
    const rows = await within(section).findAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      '20 Nov 2026: 50 credits, £19.99, Refunded (reference FL0000000000000000000004)',
      '19 Nov 2026: 50 credits, £19.99, Paid (reference FL0000000000000000000003)',
      '18 Nov 2026: 50 credits, £19.99, Paid (reference FL0000000000000000000002)',
    ]);
    expect(within(section).getByRole('link', { name: 'All purchases' }).getAttribute('href')).toBe(
      '/credits/history',
    );
  });

  it('says when there is nothing yet', async () => {
    const { api } = fakeApi(base);
    renderPage(AccountPage, { path: '/account', url: '/account', api });
    const section = screen.getByRole('region', { name: 'Purchases and VIP' });
    expect((await within(section).findByText('No purchases yet.')).tagName).toBe('P');
    expect(within(section).getByText(/You are not a VIP member\./).tagName).toBe('P');
  });
});

describe('AccountPage help and support', () => {
  it('leads to the member’s own help requests and to a new one', () => {
    const { api } = fakeApi(base);
    renderPage(AccountPage, { path: '/account', url: '/account', api });
    const section = screen.getByRole('region', { name: 'Help and support' });
    expect(within(section).getByRole('link', { name: 'Your help requests' }).getAttribute('href')).toBe(
      '/helpdesk/requests',
    );
    expect(within(section).getByRole('link', { name: 'Send us a request' }).getAttribute('href')).toBe(
      '/submit-request',
    );
  });
});

describe('AccountPage settings', () => {
  it('switches pop-ups off in the member preferences the shell reads', async () => {
    const { api, calls } = fakeApi({ ...base, 'PUT /my-profile': () => ({ data: {} }) });
    renderPage(AccountPage, { path: '/account', url: '/account', api });
    const section = screen.getByRole('region', { name: 'Notifications' });
    const popups = within(section).getByRole('checkbox', { name: /Pop-ups on the page/ });
    expect((popups as HTMLInputElement).checked).toBe(true);
    fireEvent.click(popups);
    expect((await within(section).findByText('Saved.')).getAttribute('role')).toBe('status');
    expect(calls.find((c) => c.path === '/my-profile')?.options.body).toEqual({
      preferences: { notification_popups: false },
    });
  });

  it('changes the email with the password, and shows the API’s field messages', async () => {
    let attempt = 0;
    const { api, calls } = fakeApi({
      ...base,
      'PUT /account/email': () => {
        attempt += 1;
        if (attempt === 1) throw new ApiError(422, 'Invalid', { password: 'The password is incorrect.' });
        return { message: 'We have sent a confirmation link to your new email address.' };
      },
    });
    renderPage(AccountPage, { path: '/account', url: '/account', api });
    const section = screen.getByRole('region', { name: 'Change your email' });
    fireEvent.change(within(section).getByLabelText('New email'), { target: { value: 'nope' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Send confirmation link' }));
    expect(within(section).getByText('Please fill in a valid email address').getAttribute('role')).toBe(
      'alert',
    );
    fireEvent.change(within(section).getByLabelText('New email'), { target: { value: 'new@example.com' } });
    fireEvent.change(within(section).getByLabelText('Your password'), { target: { value: 'wrong-one' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Send confirmation link' }));
    expect((await within(section).findByText('The password is incorrect.')).getAttribute('role')).toBe(
      'alert',
    );
    fireEvent.change(within(section).getByLabelText('Your password'), { target: { value: 'right-one' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Send confirmation link' }));
    expect(
      (
        await within(section).findByText('We have sent a confirmation link to your new email address.')
      ).getAttribute('role'),
    ).toBe('status');
    expect(calls.at(-1)?.options.body).toEqual({ email: 'new@example.com', password: 'right-one' });
  });

  it('changes the password after checking length and confirmation', async () => {
    const { api, calls } = fakeApi({
      ...base,
      'PUT /account/password': () => ({
        message: 'Your password has been changed. Other devices have been logged out.',
      }),
    });
    renderPage(AccountPage, { path: '/account', url: '/account', api });
    const section = screen.getByRole('region', { name: 'Change your password' });
    fireEvent.change(within(section).getByLabelText('Current password'), {
      target: { value: 'old-secret-1' },
    });
    fireEvent.change(within(section).getByLabelText('New password'), { target: { value: 'short' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Change password' }));
    expect(within(section).getByText('The password must be at least 8 characters').getAttribute('role')).toBe(
      'alert',
    );
    fireEvent.change(within(section).getByLabelText('New password'), { target: { value: 'Long-enough-1' } });
    fireEvent.change(within(section).getByLabelText('Confirm new password'), {
      target: { value: 'Other-1234' },
    });
    fireEvent.click(within(section).getByRole('button', { name: 'Change password' }));
    expect(within(section).getByText('The password confirmation does not match').getAttribute('role')).toBe(
      'alert',
    );
    fireEvent.change(within(section).getByLabelText('Confirm new password'), {
      target: { value: 'Long-enough-1' },
    });
    fireEvent.click(within(section).getByRole('button', { name: 'Change password' }));
    expect(
      (
        await within(section).findByText(
          'Your password has been changed. Other devices have been logged out.',
        )
      ).getAttribute('role'),
    ).toBe('status');
    expect(calls.at(-1)?.options.body).toEqual({
      current_password: 'old-secret-1',
      password: 'Long-enough-1',
      password_confirmation: 'Long-enough-1',
    });
  });

  it('downloads everything held about the member as a JSON file', async () => {
    const createObjectURL = vi.fn(() => 'blob:export');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicks: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push(this.download);
    });
    const { api } = fakeApi({ ...base, 'GET /account/export': () => ({ format: 'flirtlane-export/1' }) });
    renderPage(AccountPage, { path: '/account', url: '/account', api });
    fireEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    expect((await screen.findByText('Your data has been downloaded.')).getAttribute('role')).toBe('status');
    await waitFor(() => expect(clicks[0]).toMatch(/^flirtlane-data-\d{4}-\d{2}-\d{2}\.json$/));
    expect(createObjectURL).toHaveBeenCalled();
    click.mockRestore();
  });

  it('lists blocked members and unblocks one', async () => {
    let blocked = [{ uuid: 'sam-uuid', username: 'sam', blocked_at: '2026-11-01T10:00:00.000Z' }];
    const { api, calls } = fakeApi({
      ...base,
      'GET /my-blocks': () => ({ data: blocked, meta: { current_page: 1, last_page: 1 } }),
      'DELETE /profiles/sam-uuid/block': () => {
        blocked = [];
        return { data: { liked: false, favorited: false, winked: false, blocked: false } };
      },
    });
    renderPage(AccountPage, { path: '/account', url: '/account', api });
    const section = screen.getByRole('region', { name: 'Blocked members' });
    fireEvent.click(await within(section).findByRole('button', { name: 'Unblock sam' }));
    await within(section).findByText(/You have not blocked anyone/);
    expect(within(section).queryAllByRole('listitem')).toEqual([]);
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/profiles/sam-uuid/block')).toBe(true);
  });
});
