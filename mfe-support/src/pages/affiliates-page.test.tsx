// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { CAPTCHA } from '@ukd/contracts/api/constants';
import { settingsLoaded } from '@ukd/store';
import { ApiError, fakeApi, renderPage } from '@ukd/test-support';
import { afterEach, describe, expect, it } from 'vitest';
import { testSettings } from '../lib/test-settings';
import AffiliatesPage from './affiliates-page';
import NoAffiliatePage from './no-affiliate-page';
import PrivacyPage from './privacy-page';

afterEach(cleanup);

function fill() {
  const type = (label: string | RegExp, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  type('Your name', 'Jo Partner');
  type('Email', 'jo@example.com');
  type('Website or main profile', 'https://reviews.example.co.uk');
  type('How will you promote us?', 'website');
  type('Tell us about your audience', 'A UK dating review blog with 20,000 readers a month.');
  fireEvent.click(screen.getByRole('checkbox', { name: /partner rules/ }));
}

describe('affiliate programme page', () => {
  it('explains how it pays and how to join, then confirms an application with its reference', async () => {
    const { api, calls } = fakeApi({
      'POST /affiliate-applications': () => ({
        data: { reference: 'AFF-ABCD2345', message: 'Thank you: your application has been received.' },
      }),
    });
    renderPage(AffiliatesPage, {
      path: '/affiliates',
      url: '/affiliates',
      api,
      user: null,
      register: (shell) => shell.store.dispatch(settingsLoaded(testSettings)),
    });
    expect(screen.getByRole('heading', { name: 'How it pays' })).toBeTruthy();
    expect(screen.getByText(/25% of net revenue/)).toBeTruthy();
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Send application' }));
    expect(await screen.findByRole('heading', { name: 'Application received' })).toBeTruthy();
    expect(screen.getByText('AFF-ABCD2345')).toBeTruthy();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.options).toMatchObject({
      auth: false,
      body: {
        name: 'Jo Partner',
        email: 'jo@example.com',
        website: 'https://reviews.example.co.uk',
        channel: 'website',
        terms: true,
        captcha: CAPTCHA.testToken,
      },
    });
  });

  it('checks the form before sending anything', () => {
    const { api, calls } = fakeApi({});
    renderPage(AffiliatesPage, {
      path: '/affiliates',
      url: '/affiliates',
      api,
      user: null,
      register: (shell) => shell.store.dispatch(settingsLoaded(testSettings)),
    });
    fireEvent.change(screen.getByLabelText('Website or main profile'), { target: { value: 'not a url' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send application' }));
    expect(screen.getByText('The name field is required')).toBeTruthy();
    expect(screen.getByText('The website must be a valid URL')).toBeTruthy();
    expect(screen.getByText('Please accept the programme rules to apply')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('shows the server’s field messages and its rate-limit answer', async () => {
    let answer: ApiError = new ApiError(422, 'The email must be a valid email', {
      email: 'The email must be a valid email',
    });
    const { api } = fakeApi({
      'POST /affiliate-applications': () => {
        throw answer;
      },
    });
    renderPage(AffiliatesPage, {
      path: '/affiliates',
      url: '/affiliates',
      api,
      user: null,
      register: (shell) => shell.store.dispatch(settingsLoaded(testSettings)),
    });
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Send application' }));
    expect(await screen.findByText('The email must be a valid email')).toBeTruthy();
    answer = new ApiError(429, 'Too many applications from this address. Please try again later.');
    fireEvent.click(screen.getByRole('button', { name: 'Send application' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Too many applications from this address. Please try again later.',
      ),
    );
    expect(screen.queryByRole('heading', { name: 'Application received' })).toBeNull();
  });
});

describe('no-affiliate page', () => {
  it('explains the site and that nothing is tracked there, with the ways in', () => {
    const { api } = fakeApi({});
    renderPage(NoAffiliatePage, { path: '/no-affiliate', url: '/no-affiliate', api, user: null });
    expect(screen.getByRole('heading', { name: 'No affiliate tracking here' })).toBeTruthy();
    expect(screen.getByText(/You must be over 18 and of the legal age of consent/)).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/fictional/i);
    expect(screen.getByRole('link', { name: 'Create account' }).getAttribute('href')).toBe('/register');
  });
});

describe('privacy notice: cookie settings', () => {
  it('describes the banner’s categories and tags, and reopens the banner through the shell', () => {
    const { api } = fakeApi({});
    const { shell } = renderPage(PrivacyPage, { path: '/privacy', url: '/privacy', api, user: null });
    expect(screen.getByText(/Accept all/)).toBeTruthy();
    expect(screen.getAllByText(/gtag\.js/).length).toBeGreaterThan(0);
    const opened: unknown[] = [];
    shell.bus.on('shell:cookie-settings', (payload) => opened.push(payload));
    fireEvent.click(screen.getByRole('button', { name: 'Change cookie settings' }));
    expect(opened).toEqual([{}]);
  });
});
