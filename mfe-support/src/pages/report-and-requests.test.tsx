// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { reportAbuseLink } from '@ukd/contracts';
import type { Ticket } from '@ukd/contracts/api';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, renderSupportPage } from './render-support-page';
import { profileUuidFrom, targetFromQuery } from './report/report-target';
import ReportAbusePage from './report-abuse-page';
import RequestPage from './requests/request-page';
import RequestsPage from './requests/requests-page';

afterEach(cleanup);

const SAM = '5a1b2c3d-0000-4000-8000-00000000a11c';
const PHOTO = '6b1b2c3d-0000-4000-8000-0000000000f0';
const MESSAGE = '7c1b2c3d-0000-4000-8000-0000000000e5';

describe('report-abuse links', () => {
  it('reads back what the remotes’ links name', () => {
    const read = (link: string) => targetFromQuery(new URL(link, 'http://x').searchParams);
    expect(read(reportAbuseLink({ profile: SAM }))).toEqual({ target: 'profile', profileUuid: SAM });
    expect(read(reportAbuseLink({ profile: SAM, photo: PHOTO }))).toEqual({
      target: 'photo',
      profileUuid: SAM,
      photoId: PHOTO,
    });
    expect(read(reportAbuseLink({ message: MESSAGE }))).toEqual({ target: 'message', messageUuid: MESSAGE });
    expect(read('/report-abuse?profile=not-an-id')).toBeNull();
    expect(profileUuidFrom(`https://site.example/profile/${SAM.toUpperCase()}`)).toBe(SAM);
    expect(profileUuidFrom('sam')).toBeNull();
  });
});

describe('ReportAbusePage', () => {
  it('asks a visitor to log in and comes back to the same report', () => {
    renderSupportPage(ReportAbusePage, {
      path: '/report-abuse',
      url: reportAbuseLink({ message: MESSAGE }),
      user: null,
    });
    expect(screen.getByRole('link', { name: 'Log in to report' }).getAttribute('href')).toBe(
      `/login?redirect=${encodeURIComponent(`/report-abuse?message=${MESSAGE}`)}`,
    );
    expect(screen.queryByRole('form', { name: 'Report abuse' })).toBeNull();
  });

  it('reports the message a member came from, with a clear answer', async () => {
    const { calls } = renderSupportPage(ReportAbusePage, {
      path: '/report-abuse',
      url: reportAbuseLink({ message: MESSAGE }),
      handlers: {
        'POST /reports': () => ({
          message: 'Thank you. Our moderators will review your report.',
          data: { id: 3 },
        }),
      },
    });
    const form = screen.getByRole('form', { name: 'Report abuse' });
    expect(form.textContent).toContain('the message you chose in your conversation');
    fireEvent.click(within(form).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('The reason field is required')).toBeInstanceOf(HTMLElement);
    fireEvent.change(screen.getByLabelText('What happened?'), { target: { value: 'harassment' } });
    fireEvent.change(screen.getByLabelText('Details (optional)'), { target: { value: ' Threats ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Thank you. Our moderators will review your report.')).toBeInstanceOf(
      HTMLElement,
    );
    expect(calls.map((c) => c.options.body)).toEqual([
      { target: 'message', message_uuid: MESSAGE, reason: 'harassment', details: 'Threats' },
    ]);
  });

  it('reports a profile from its pasted address, and says so when it is gone', async () => {
    const { calls } = renderSupportPage(ReportAbusePage, {
      path: '/report-abuse',
      url: '/report-abuse',
      handlers: {
        'POST /reports': () => {
          throw new ApiError(404, 'Not found.');
        },
      },
    });
    fireEvent.change(screen.getByLabelText('Profile to report'), { target: { value: 'sam' } });
    fireEvent.change(screen.getByLabelText('What happened?'), { target: { value: 'scam' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText(/Paste the address of the profile/)).toBeInstanceOf(HTMLElement);
    expect(calls).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Profile to report'), {
      target: { value: `http://localhost:3000/profile/${SAM}` },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText(/could not find that profile/)).toBeInstanceOf(HTMLElement);
    expect(calls[0]?.options.body).toEqual({ target: 'profile', profile_uuid: SAM, reason: 'scam' });
  });
});

const ticket = (reference: string, status: Ticket['status']): Ticket => ({
  reference,
  topic: 'payments',
  source: 'request',
  email: 'demo@example.com',
  message: 'Where are my credits?\nPaid at 10:02.',
  has_attachment: true,
  status,
  created_at: '2026-11-25T10:00:00Z',
  updated_at: '2026-11-25T10:00:00Z',
});

describe('a member’s requests', () => {
  it('lists them with their status, each linking to its page', async () => {
    renderSupportPage(RequestsPage, {
      path: '/helpdesk/requests',
      url: '/helpdesk/requests',
      handlers: {
        'GET /support-tickets': () => ({
          data: [ticket('FL-AAAAA2', 'answered'), ticket('FL-AAAAA1', 'open')],
        }),
      },
    });
    const list = await screen.findByRole('region', { name: 'Requests' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'FL-AAAAA2 AnsweredPayments, credits and refunds, sent 25 Nov 2026',
      'FL-AAAAA1 OpenPayments, credits and refunds, sent 25 Nov 2026',
    ]);
    expect(
      within(items[0] as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/helpdesk/requests/FL-AAAAA2');
  });

  it('says when there are none', async () => {
    renderSupportPage(RequestsPage, {
      path: '/helpdesk/requests',
      url: '/helpdesk/requests',
      handlers: { 'GET /support-tickets': () => ({ data: [] }) },
    });
    expect(await screen.findByText('No requests yet')).toBeInstanceOf(HTMLElement);
  });

  it('shows one request, and "not found" for anyone else’s', async () => {
    const { unmount } = renderSupportPage(RequestPage, {
      path: '/helpdesk/requests/:reference',
      url: '/helpdesk/requests/FL-AAAAA1',
      handlers: { 'GET /support-tickets/FL-AAAAA1': () => ({ data: ticket('FL-AAAAA1', 'open') }) },
    });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Request FL-AAAAA1');
    expect(screen.getByRole('region', { name: 'Request details' }).textContent).toContain(
      'Where are my credits?',
    );
    unmount();
    renderSupportPage(RequestPage, {
      path: '/helpdesk/requests/:reference',
      url: '/helpdesk/requests/FL-BBBBB1',
      handlers: {
        'GET /support-tickets/FL-BBBBB1': () => {
          throw new ApiError(404, 'Not found.');
        },
      },
    });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Request not found');
  });
});
