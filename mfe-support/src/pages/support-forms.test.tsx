// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ApiRequestOptions } from '@ukd/contracts';
import { CAPTCHA, type Ticket } from '@ukd/contracts/api';
import { userLoaded } from '@ukd/store';
import { member } from '@ukd/test-support';
import { afterEach, describe, expect, it } from 'vitest';
import ContactPage from './contact-page';
import { ApiError, renderSupportPage } from './render-support-page';
import SubmitRequestPage from './submit-request-page';

afterEach(cleanup);

const ticket = (overrides: Partial<Ticket> = {}): Ticket => ({
  reference: 'FL-7K3Q9D',
  topic: 'payments',
  source: 'request',
  email: 'visitor@example.com',
  message: 'My credits did not arrive.',
  has_attachment: false,
  status: 'open',
  created_at: '2026-11-25T10:00:00Z',
  updated_at: '2026-11-25T10:00:00Z',
  ...overrides,
});

const field = (name: RegExp | string) => screen.getByLabelText(name) as HTMLInputElement;
const type = (name: RegExp | string, value: string) => fireEvent.change(field(name), { target: { value } });

describe('SubmitRequestPage', () => {
  it('sends a visitor’s request with the captcha token and shows its reference', async () => {
    let sent: ApiRequestOptions | undefined;
    const { calls } = renderSupportPage(SubmitRequestPage, {
      path: '/submit-request',
      url: '/submit-request?topic=payments',
      user: null,
      handlers: {
        'POST /support-tickets': (options) => {
          sent = options;
          return { message: 'Thank you.', data: ticket() };
        },
      },
    });
    expect(field('What is it about?').value).toBe('payments');
    type('Your email address', ' visitor@example.com ');
    type('Your message', 'My credits did not arrive after paying.');
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect((await screen.findByTestId('ticket-reference')).textContent).toBe('FL-7K3Q9D');
    const status = screen.getByRole('status', { name: 'Thank you, we have your request' });
    expect(status.textContent).toContain('visitor@example.com');
    expect(within(status).queryByRole('link', { name: 'See your requests' })).toBeNull();
    expect(calls).toHaveLength(1);
    expect(sent?.body).toEqual({
      topic: 'payments',
      email: 'visitor@example.com',
      message: 'My credits did not arrive after paying.',
      source: 'request',
      captcha: CAPTCHA.testToken,
    });
  });

  it('prefills a member’s email, sends a screenshot as multipart, and leads to their requests', async () => {
    let sent: ApiRequestOptions | undefined;
    renderSupportPage(SubmitRequestPage, {
      path: '/submit-request',
      url: '/submit-request',
      handlers: {
        'POST /support-tickets': (options) => {
          sent = options;
          return { message: 'Thank you.', data: ticket({ email: 'demo@example.com', has_attachment: true }) };
        },
      },
    });
    expect(field('Your email address').value).toBe('demo@example.com');
    fireEvent.change(field('What is it about?'), { target: { value: 'technical' } });
    type('Your message', 'The chat page stays blank on my phone.');
    const png = new File([new Uint8Array([137, 80, 78, 71])], 'screen.png', { type: 'image/png' });
    fireEvent.change(field('Screenshot (optional)'), { target: { files: [png] } });
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByRole('link', { name: 'See your requests' })).toHaveProperty(
      'pathname',
      '/helpdesk/requests',
    );
    const form = sent?.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('attachment')).toBeInstanceOf(File);
    expect(form.get('topic')).toBe('technical');
    expect(form.get('captcha')).toBe(CAPTCHA.testToken);
  });

  it('fills a member’s email when the session is restored after the page drew, but not over a typed one', async () => {
    const late = renderSupportPage(SubmitRequestPage, {
      path: '/submit-request',
      url: '/submit-request',
      user: null,
    });
    expect(field('Your email address').value).toBe('');
    act(() => late.store.dispatch(userLoaded(member())));
    await waitFor(() => expect(field('Your email address').value).toBe(member().email));
    cleanup();

    const typed = renderSupportPage(SubmitRequestPage, {
      path: '/submit-request',
      url: '/submit-request',
      user: null,
    });
    type('Your email address', 'other@example.com');
    act(() => typed.store.dispatch(userLoaded(member())));
    expect(field('Your email address').value).toBe('other@example.com');
  });

  it('checks fields before sending, and refuses a file that is not an image or too big', async () => {
    const { calls } = renderSupportPage(SubmitRequestPage, {
      path: '/submit-request',
      url: '/submit-request',
      user: null,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('The topic field is required')).toBeInstanceOf(HTMLElement);
    expect(screen.getByText('The message field is required')).toBeInstanceOf(HTMLElement);
    const svg = new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' });
    fireEvent.change(field('Screenshot (optional)'), { target: { files: [svg] } });
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(
      await screen.findByText('The attachment must be an image (JPEG, PNG, WebP or HEIC).'),
    ).toBeInstanceOf(HTMLElement);
    const huge = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' });
    fireEvent.change(field('Screenshot (optional)'), { target: { files: [huge] } });
    expect(await screen.findByText('The attachment may not be greater than 5120 kilobytes.')).toBeInstanceOf(
      HTMLElement,
    );
    expect(calls).toHaveLength(0);
  });

  it('shows the server’s messages on their fields, the captcha’s included', async () => {
    renderSupportPage(SubmitRequestPage, {
      path: '/submit-request',
      url: '/submit-request?topic=account',
      user: null,
      handlers: {
        'POST /support-tickets': () => {
          throw new ApiError(422, 'The captcha check failed. Please try again.', {
            captcha: ['The captcha check failed. Please try again.'],
            email: ['Please fill in a valid email address'],
          });
        },
      },
    });
    type('Your email address', 'me@example.com');
    type('Your message', 'Cannot sign in since this morning.');
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(
        expect.arrayContaining([
          'Please fill in a valid email address',
          'The captcha check failed. Please try again.',
        ]),
      ),
    );
    expect(screen.queryByTestId('ticket-reference')).toBeNull();
  });
});

describe('ContactPage', () => {
  it('shows the configured company, support address and postal address, and files the form as a ticket', async () => {
    let sent: ApiRequestOptions | undefined;
    renderSupportPage(ContactPage, {
      path: '/contact',
      url: '/contact',
      user: null,
      handlers: {
        'POST /support-tickets': (options) => {
          sent = options;
          return { message: 'Thank you.', data: ticket({ source: 'contact', topic: 'feedback' }) };
        },
      },
    });
    const company = screen.getByRole('region', { name: 'Company details' });
    expect(within(company).getByRole('link', { name: 'help@flirtlane.test' }).getAttribute('href')).toBe(
      'mailto:help@flirtlane.test',
    );
    expect(company.querySelector('address')?.textContent).toBe(
      'Unit 12\nCanal Wharf\n14 Water Lane\nLeeds LS11 5PS\nUnited Kingdom',
    );
    expect(company.textContent).toContain('Flirtlane Ltd');
    expect(screen.queryByLabelText('Screenshot (optional)')).toBeNull();
    fireEvent.change(field('What is it about?'), { target: { value: 'feedback' } });
    type('Your name (optional)', 'Alex');
    type('Your email address', 'alex@example.com');
    type('Your message', 'Lovely site, one idea for you.');
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect((await screen.findByTestId('ticket-reference')).textContent).toBe('FL-7K3Q9D');
    expect(sent?.body).toMatchObject({ source: 'contact', name: 'Alex', topic: 'feedback' });
  });
});
