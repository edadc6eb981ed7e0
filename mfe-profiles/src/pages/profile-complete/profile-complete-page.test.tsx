// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { MyProfile } from '@ukd/contracts/api';
import { selectUser } from '@ukd/store';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, publicProfile, renderPage } from '../../test-support';
import MyProfilePage from '../my-profile/my-profile-page';
import ProfileCompletePage from './profile-complete-page';

afterEach(cleanup);

function myProfile(overrides: Partial<MyProfile> = {}): MyProfile {
  const { relation: _relation, ...base } = publicProfile({
    uuid: 'me-uuid',
    username: 'demo',
    gender: 'male',
    headline: null,
    about: null,
    looking_for: null,
    region: null,
    city: 'Leeds',
  });
  return {
    ...base,
    date_of_birth: '1990-01-01',
    preferences: {},
    profile_complete: false,
    completion: { complete: false, missing: ['photo', 'headline', 'about', 'looking_for', 'region'] },
    ...overrides,
  };
}

describe('ProfileCompletePage', () => {
  it('walks through words, place and photo, sending the completion with the required fields', async () => {
    const { api, calls } = fakeApi({
      'GET /my-profile': () => ({ data: myProfile() }),
      'GET /my-photos': () => ({ data: [] }),
      'POST /profile/complete': ({ body }) => ({
        data: myProfile({ ...(body as object), completion: { complete: false, missing: ['photo'] } }),
      }),
    });
    renderPage(ProfileCompletePage, { path: '/profile/complete', url: '/profile/complete', api });
    expect((await screen.findByRole('heading', { name: 'About you' })).id).toBe('step-heading');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByText('The headline field is required')).getAttribute('role')).toBe('alert');
    expect(screen.getByText('The looking for field is required').getAttribute('role')).toBe('alert');
    fireEvent.change(screen.getByLabelText('Headline'), { target: { value: 'Hello Leeds' } });
    fireEvent.change(screen.getByLabelText('About me'), { target: { value: 'Short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByText('The about must be at least 20 characters')).getAttribute('role')).toBe(
      'alert',
    );
    fireEvent.change(screen.getByLabelText('About me'), {
      target: { value: 'A baker who runs on Sunday mornings.' },
    });
    fireEvent.change(screen.getByLabelText('Looking for'), { target: { value: 'Coffee and conversation.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('heading', { name: 'Where you are' })).id).toBe('step-heading');
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect((await screen.findByText('The region field is required')).getAttribute('role')).toBe('alert');
    fireEvent.change(screen.getByLabelText('Region'), { target: { value: 'yorkshire-and-the-humber' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect((await screen.findByRole('heading', { name: 'Your photo' })).id).toBe('step-heading');
    const stillToDo = screen.getByText('Still to do:').nextElementSibling as HTMLElement;
    expect([...stillToDo.children].map((item) => item.textContent)).toEqual(['Add a photo of yourself']);
    expect(calls.find((c) => c.method === 'POST')?.options.body).toEqual({
      headline: 'Hello Leeds',
      about: 'A baker who runs on Sunday mornings.',
      looking_for: 'Coffee and conversation.',
      region: 'yorkshire-and-the-humber',
      city: 'Leeds',
    });
  });

  it('finishes when the API counts the profile complete and tells the store', async () => {
    const done = myProfile({
      headline: 'Hi',
      profile_complete: true,
      completion: { complete: true, missing: [] },
    });
    const { api } = fakeApi({
      'GET /my-profile': () => ({
        data: myProfile({
          headline: 'Hi',
          about: 'Twenty characters or more.',
          looking_for: 'Fun',
          completion: { complete: false, missing: ['region'] },
        }),
      }),
      'GET /my-photos': () => ({ data: [] }),
      'POST /profile/complete': () => ({ data: done }),
    });
    const { store } = renderPage(ProfileCompletePage, {
      path: '/profile/complete',
      url: '/profile/complete',
      api,
    });
    // Only the region is missing: the flow starts at that step.
    await screen.findByRole('heading', { name: 'Where you are' });
    fireEvent.change(await screen.findByLabelText('Region'), { target: { value: 'london' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect((await screen.findByRole('heading', { name: 'Your profile is complete' })).id).toBe(
      'done-heading',
    );
    await waitFor(() => expect(selectUser(store.getState())?.profile_complete).toBe(true));
  });
});

describe('MyProfilePage', () => {
  it('shows completion, what is missing, photos waiting for approval and the counts from the store', async () => {
    const { api } = fakeApi({
      'GET /my-profile': () => ({
        data: myProfile({
          headline: 'Hello',
          completion: { complete: false, missing: ['about', 'region'] },
          photos: [
            {
              id: 'p1',
              url: '/p/1.jpg',
              thumbnail_url: '/p/1-t.jpg',
              width: 800,
              height: 800,
              status: 'pending',
              is_primary: true,
              created_at: '2026-01-01T00:00:00.000Z',
            },
          ],
        }),
      }),
    });
    renderPage(MyProfilePage, { path: '/my-profile', url: '/my-profile', api });
    await screen.findByRole('heading', { name: 'Your profile is 60% complete' });
    // The progress bar is labelled by that heading and shows the same share.
    expect(
      screen.getByRole('progressbar', { name: 'Your profile is 60% complete' }).getAttribute('value'),
    ).toBe('60');
    const stillToDo = screen.getByText('Choose your region').parentElement as HTMLElement;
    expect([...stillToDo.children].map((item) => item.textContent)).toEqual([
      'Tell members about yourself (at least 20 characters)',
      'Choose your region',
    ]);
    expect(screen.getByText(/1 photo is waiting for approval/).className).toContain('ukd-notice--info');
    const activity = screen.getByRole('list', { name: 'Your activity' });
    expect(activity.textContent).toContain('7Profile visits');
    expect(activity.textContent).toContain('4Winks received');
    expect(activity.textContent).toContain('2New favourites');
    // Others see approved photos only: the pending one is not in the preview.
    expect(
      screen.getByRole('img', { name: 'demo has no photo yet (illustrated avatar)' }).getAttribute('src'),
    ).not.toMatch(/\/p\/1/);
    expect(screen.getByRole('link', { name: 'Complete my profile' }).getAttribute('href')).toBe(
      '/profile/complete',
    );
  });
});
