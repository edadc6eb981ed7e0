// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, fakeApi, me, publicProfile, renderPage } from '../../test-support';
import ProfilePage from './profile-page';

afterEach(cleanup);

const relation = { liked: false, favorited: false, winked: false, blocked: false };

describe('ProfilePage', () => {
  it("shows another member's photos, details with SPEC §3 labels and interests", async () => {
    const avatar = '/api/avatars/default-female.svg';
    const { api } = fakeApi({
      'GET /profiles/sam-uuid': () => ({
        data: publicProfile({ primary_photo: { url: avatar, thumbnail_url: avatar } }),
      }),
    });
    renderPage(ProfilePage, { path: '/profile/:uuid', url: '/profile/sam-uuid', api });
    const name = await screen.findByRole('heading', { name: 'sam, 31 Online now' });
    expect(name.tagName).toBe('H1');
    // Where they are and whether they are online, right under the name.
    expect(name.nextElementSibling?.textContent).toBe('Manchester, North West · Online now');
    const details = screen.getByRole('heading', { name: 'Details' }).parentElement as HTMLElement;
    expect(details.textContent).toContain('Height168 cm');
    expect(details.textContent).toContain('Body typeAthletic');
    expect(details.textContent).toContain('Eye colourGreen');
    expect(details.textContent).toContain('Hair colourBlonde');
    // Unknown (key 1) says nothing about the member, so it is not listed.
    expect(details.textContent).not.toContain('Tattoos');
    const interests = within(screen.getByRole('region', { name: 'Interests' })).getAllByRole('listitem');
    expect(interests.map((item) => item.textContent)).toEqual(['Hiking', 'Craft beer']);
    // No approved photo: the gender's default avatar.
    expect(
      screen.getByRole('img', { name: 'sam has no photo yet (illustrated avatar)' }).getAttribute('src'),
    ).toBe(avatar);
  });

  it('opens the conversation with the member, started by the API when there is none', async () => {
    const { api, calls } = fakeApi({
      'GET /profiles/sam-uuid': () => ({ data: publicProfile() }),
      'POST /user-conversations': () => ({ data: { uuid: 'conv-1' } }),
    });
    renderPage(ProfilePage, { path: '/profile/:uuid', url: '/profile/sam-uuid', api });
    fireEvent.click(await screen.findByRole('button', { name: 'Message sam' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/messages/conv-1'));
    expect(calls.at(-1)?.options.body).toEqual({ recipient_uuid: 'sam-uuid' });
  });

  it('likes, favourites and winks with toggles that show their state', async () => {
    let state = { ...relation };
    const set = (change: Partial<typeof relation>) => {
      state = { ...state, ...change };
      return { data: state };
    };
    const { api, calls } = fakeApi({
      'GET /profiles/sam-uuid': () => ({ data: publicProfile() }),
      'PUT /profiles/sam-uuid/like': () => set({ liked: true }),
      'DELETE /profiles/sam-uuid/like': () => set({ liked: false }),
      'PUT /profiles/sam-uuid/wink': () => set({ winked: true }),
    });
    renderPage(ProfilePage, { path: '/profile/:uuid', url: '/profile/sam-uuid', api });
    const like = await screen.findByRole('button', { name: 'Like' });
    expect(like.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(like);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Like' }).getAttribute('aria-pressed')).toBe('true'),
    );
    expect((await screen.findByText('You like sam.')).getAttribute('role')).toBe('status');
    fireEvent.click(screen.getByRole('button', { name: 'Wink' }));
    await screen.findByText('You winked at sam.');
    expect(screen.getByRole('button', { name: 'Wink' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Like' }));
    await screen.findByText('You no longer like sam.');
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /profiles/sam-uuid',
      'PUT /profiles/sam-uuid/like',
      'PUT /profiles/sam-uuid/wink',
      'DELETE /profiles/sam-uuid/like',
    ]);
  });

  it('puts a toggle back and says so when the API refuses', async () => {
    const { api } = fakeApi({
      'GET /profiles/sam-uuid': () => ({ data: publicProfile() }),
      'PUT /profiles/sam-uuid/favorite': () => {
        throw new ApiError(404, 'Not Found');
      },
    });
    renderPage(ProfilePage, { path: '/profile/:uuid', url: '/profile/sam-uuid', api });
    fireEvent.click(await screen.findByRole('button', { name: 'Favourite' }));
    const refused = await screen.findByText('Not Found');
    expect(refused.getAttribute('role')).toBe('status');
    expect(refused.className).toContain('ukd-notice--error');
    expect(screen.getByRole('button', { name: 'Favourite' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('blocks only after confirmation, then offers to unblock', async () => {
    const { api, calls } = fakeApi({
      'GET /profiles/sam-uuid': () => ({ data: publicProfile() }),
      'PUT /profiles/sam-uuid/block': () => ({ data: { ...relation, blocked: true } }),
    });
    renderPage(ProfilePage, { path: '/profile/:uuid', url: '/profile/sam-uuid', api });
    fireEvent.click(await screen.findByRole('button', { name: 'Block sam' }));
    const dialog = screen.getByRole('dialog', { name: 'Block sam?' });
    expect(calls.some((c) => c.path.endsWith('/block'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, block sam' }));
    expect((await screen.findByRole('heading', { name: 'You blocked sam' })).tagName).toBe('H2');
    expect(screen.getByRole('button', { name: 'Unblock sam' }).hasAttribute('disabled')).toBe(false);
  });

  it('reports with a reason from the list', async () => {
    const { api, calls } = fakeApi({
      'GET /profiles/sam-uuid': () => ({ data: publicProfile() }),
      'POST /profiles/sam-uuid/report': () => ({
        message: 'Thank you, we will look into it.',
        data: { id: 1 },
      }),
    });
    renderPage(ProfilePage, { path: '/profile/:uuid', url: '/profile/sam-uuid', api });
    fireEvent.click(await screen.findByRole('button', { name: 'Report sam' }));
    const dialog = screen.getByRole('dialog', { name: 'Report sam' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('The reason field is required');
    fireEvent.click(within(dialog).getByLabelText('Scam, spam or asking for money'));
    fireEvent.change(within(dialog).getByLabelText(/Anything else/), {
      target: { value: 'Asked for gift cards' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect((await within(dialog).findByText('Thank you, we will look into it.')).getAttribute('role')).toBe(
      'status',
    );
    expect(calls.at(-1)?.options.body).toEqual({ reason: 'scam', details: 'Asked for gift cards' });
  });

  it('links to the report-abuse page for the photo on show and for anything else', async () => {
    const photo = (id: string) => ({ id, url: `/p/${id}.jpg`, thumbnail_url: `/p/${id}-t.jpg` });
    const photos = [
      photo('11111111-1111-4111-8111-111111111111'),
      photo('22222222-2222-4222-8222-222222222222'),
    ];
    const { api } = fakeApi({
      'GET /profiles/sam-uuid': () => ({ data: publicProfile({ photos } as never) }),
    });
    renderPage(ProfilePage, { path: '/profile/:uuid', url: '/profile/sam-uuid', api });
    const report = await screen.findByRole('link', { name: 'Report this photo' });
    expect(report.getAttribute('href')).toBe(`/report-abuse?profile=sam-uuid&photo=${photos[0]?.id}`);
    fireEvent.click(screen.getByRole('button', { name: 'Show photo 2' }));
    expect(screen.getByRole('link', { name: 'Report this photo' }).getAttribute('href')).toBe(
      `/report-abuse?profile=sam-uuid&photo=${photos[1]?.id}`,
    );
    expect(screen.getByRole('link', { name: 'More ways to report abuse' }).getAttribute('href')).toBe(
      '/report-abuse?profile=sam-uuid',
    );
  });

  it('says a profile is not available on a 404 (unknown, deactivated or blocked)', async () => {
    const { api } = fakeApi({
      'GET /profiles/gone': () => {
        throw new ApiError(404, 'Not Found');
      },
    });
    renderPage(ProfilePage, { path: '/profile/:uuid', url: '/profile/gone', api });
    expect((await screen.findByRole('heading', { name: 'This profile is not available' })).tagName).toBe(
      'H2',
    );
    expect(screen.getByRole('link', { name: 'Browse members' }).getAttribute('href')).toBe('/dashboard');
  });

  it('sends the member to /my-profile for their own uuid', async () => {
    const { api } = fakeApi({});
    renderPage(ProfilePage, { path: '/profile/:uuid', url: `/profile/${me.uuid}`, api });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/my-profile'));
  });
});
