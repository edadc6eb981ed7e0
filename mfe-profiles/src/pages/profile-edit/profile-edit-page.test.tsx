// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MyProfile, Photo } from '@ukd/contracts/api';
import { selectUser } from '@ukd/store';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, fakeApi, publicProfile, renderPage } from '../../test-support';
import ProfileEditPage from './profile-edit-page';

afterEach(cleanup);

function myProfile(overrides: Partial<MyProfile> = {}): MyProfile {
  const { relation: _relation, ...base } = publicProfile({
    uuid: 'me-uuid',
    username: 'demo',
    gender: 'male',
  });
  return {
    ...base,
    date_of_birth: '1990-01-01',
    preferences: {},
    profile_complete: false,
    completion: { complete: false, missing: ['photo'] },
    ...overrides,
  };
}

const photo = (overrides: Partial<Photo> = {}): Photo => ({
  id: 'p1',
  url: '/p/1.jpg',
  thumbnail_url: '/p/1-t.jpg',
  width: 800,
  height: 800,
  status: 'approved',
  is_primary: true,
  created_at: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

describe('ProfileEditPage', () => {
  it('edits every field with the SPEC §3 option lists and sends only what the API accepts', async () => {
    const { api, calls } = fakeApi({
      'GET /my-profile': () => ({ data: myProfile() }),
      'GET /my-photos': () => ({ data: [] }),
      'PUT /my-profile': ({ body }) => ({ data: myProfile({ ...(body as object) }) }),
    });
    renderPage(ProfileEditPage, { path: '/profile/edit', url: '/profile/edit', api });
    const bodyType = await screen.findByLabelText('Body type');
    expect([...(bodyType as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      'Unknown',
      'Prefer Not To Say',
      'Thin',
      'Athletic',
      'Average',
      'A few extra Kilos',
      'Big',
    ]);
    expect(
      [...(screen.getByLabelText('Eye colour') as HTMLSelectElement).options].map((o) => o.text),
    ).toEqual(['Unknown', 'Blue', 'Brown', 'Gray', 'Green', 'Other']);
    expect(
      [...(screen.getByLabelText('Tattoos and piercings') as HTMLSelectElement).options].map((o) => o.value),
    ).toEqual(['1', '2', '3']);
    fireEvent.change(bodyType, { target: { value: '7' } });
    fireEvent.change(screen.getByLabelText('Headline'), { target: { value: 'New here' } });
    fireEvent.change(screen.getByLabelText('Height (cm)'), { target: { value: '' } });
    fireEvent.click(screen.getByLabelText('Cooking'));
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect((await screen.findByText(/Your profile has been saved/)).closest('[role=status]')).not.toBeNull();
    expect(calls.find((c) => c.method === 'PUT')?.options.body).toEqual({
      headline: 'New here',
      about: 'I like long walks in the Peak District.',
      looking_for: 'Someone to share a pint with.',
      city: 'Manchester',
      region: 'north-west',
      height_cm: null,
      body_type: 7,
      eye_colour: 5,
      hair_colour: 4,
      tattoos_piercings: 1,
      interests: ['hiking', 'craft-beer', 'cooking'],
    });
  });

  it('shows SPEC §5 messages in the browser and the API’s 422 per field', async () => {
    const { api, calls } = fakeApi({
      'GET /my-profile': () => ({ data: myProfile() }),
      'GET /my-photos': () => ({ data: [] }),
      'PUT /my-profile': () => {
        throw new ApiError(422, 'The given data was invalid.', {
          headline: 'The headline may not be greater than 80 characters.',
        });
      },
    });
    renderPage(ProfileEditPage, { path: '/profile/edit', url: '/profile/edit', api });
    const city = await screen.findByLabelText('Town or city');
    fireEvent.change(city, { target: { value: '' } });
    fireEvent.blur(city);
    expect((await screen.findByText('Please fill in your city')).getAttribute('role')).toBe('alert');
    fireEvent.change(screen.getByLabelText('Height (cm)'), { target: { value: '300' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect((await screen.findByText('The height must be 230 or less')).getAttribute('role')).toBe('alert');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.change(city, { target: { value: 'Leeds' } });
    fireEvent.change(screen.getByLabelText('Height (cm)'), { target: { value: '180' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(
      (await screen.findByText('The headline may not be greater than 80 characters.')).getAttribute('role'),
    ).toBe('alert');
  });

  it('marks the profile complete in the store when a save completes it', async () => {
    const { api } = fakeApi({
      'GET /my-profile': () => ({ data: myProfile() }),
      'GET /my-photos': () => ({ data: [] }),
      'PUT /my-profile': () => ({
        data: myProfile({ profile_complete: true, completion: { complete: true, missing: [] } }),
      }),
    });
    const { store, shell } = renderPage(ProfileEditPage, {
      path: '/profile/edit',
      url: '/profile/edit',
      api,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(selectUser(store.getState())?.profile_complete).toBe(true));
    expect(shell.session.reloadUser).toHaveBeenCalled();
  });
});

describe('PhotoManager', () => {
  it('shows status, makes a photo the main one and deletes after confirming', async () => {
    let photos = [photo(), photo({ id: 'p2', is_primary: false, status: 'pending' })];
    const { api, calls } = fakeApi({
      'GET /my-profile': () => ({ data: myProfile() }),
      'GET /my-photos': () => ({ data: photos }),
      'PUT /my-photos/p2/primary': () => {
        photos = photos.map((p) => ({ ...p, is_primary: p.id === 'p2' }));
        return { data: photos[1] };
      },
      'DELETE /my-photos/p1': () => {
        photos = photos.filter((p) => p.id !== 'p1');
        return { message: 'The photo has been deleted.' };
      },
    });
    renderPage(ProfileEditPage, { path: '/profile/edit', url: '/profile/edit', api });
    const list = await screen.findByRole('list', { name: 'Your photos' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first?.textContent).toContain('Main photo');
    expect(second?.textContent).toContain('Waiting for approval');
    expect(second?.textContent).not.toContain('Main photo');
    fireEvent.click(within(list).getByRole('button', { name: 'Make photo 2 your main photo' }));
    expect((await screen.findByText('Your main photo is changed.')).getAttribute('role')).toBe('status');
    fireEvent.click(screen.getByRole('button', { name: 'Delete photo 1' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete this photo?' })).getByRole('button', {
        name: 'Delete photo',
      }),
    );
    expect((await screen.findByText('The photo has been deleted.')).getAttribute('role')).toBe('status');
    await waitFor(() => expect(screen.getAllByRole('img', { name: /^Yours/ })).toHaveLength(1));
    expect(calls.filter((c) => c.path === '/my-photos').length).toBeGreaterThanOrEqual(3);
  });

  it('uploads the file as multipart through the shell’s client and shows a 422 for a fake image', async () => {
    let sent: unknown;
    const { api } = fakeApi({
      'GET /my-profile': () => ({ data: myProfile() }),
      'GET /my-photos': () => ({ data: [] }),
      'POST /my-photos': ({ body }) => {
        sent = body;
        throw new ApiError(422, 'The given data was invalid.', {
          photo: ['The photo must be an image (JPEG, PNG, WebP or HEIC).'],
        });
      },
    });
    const { container } = renderPage(ProfileEditPage, { path: '/profile/edit', url: '/profile/edit', api });
    await screen.findByText(/You have no photos yet/);
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [new File(['not a photo'], 'x.jpg', { type: 'image/jpeg' })] },
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The photo must be an image (JPEG, PNG, WebP or HEIC).',
    );
    // The headers (site key, device id, bearer token) are the client's: see api-client's tests.
    expect(sent).toBeInstanceOf(FormData);
    const photo = (sent as FormData).get('photo');
    expect(photo).toBeInstanceOf(File);
    expect((photo as File).name).toBe('x.jpg');
  });

  it('says the photo is too large when a proxy refuses it with a bare 413', async () => {
    const { api } = fakeApi({
      'GET /my-profile': () => ({ data: myProfile() }),
      'GET /my-photos': () => ({ data: [] }),
      'POST /my-photos': () => {
        throw new ApiError(413, 'Payload Too Large');
      },
    });
    const { container } = renderPage(ProfileEditPage, { path: '/profile/edit', url: '/profile/edit', api });
    await screen.findByText(/You have no photos yet/);
    fireEvent.change(container.querySelector('input[type=file]') as HTMLInputElement, {
      target: { files: [new File(['jpeg bytes'], 'me.jpg', { type: 'image/jpeg' })] },
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The photo may not be greater than 10240 kilobytes.',
    );
  });

  it('refuses a file over 10 MB before sending it', async () => {
    const { api, calls } = fakeApi({
      'GET /my-profile': () => ({ data: myProfile() }),
      'GET /my-photos': () => ({ data: [] }),
    });
    const { container } = renderPage(ProfileEditPage, { path: '/profile/edit', url: '/profile/edit', api });
    await screen.findByText(/You have no photos yet/);
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' });
    fireEvent.change(container.querySelector('input[type=file]') as HTMLInputElement, {
      target: { files: [big] },
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The photo may not be greater than 10240 kilobytes.',
    );
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
