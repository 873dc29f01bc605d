import type { User } from '@starport/schemas';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { syncAccountFromStorage, useAccountStore } from '../../../lib/account-store.ts';
import { saveSession } from '../../../lib/session-storage.ts';
import { errorOf, fieldLabelled } from '../../../test/field-errors.ts';
import { json, mockFetch } from '../../../test/fetch-mock.ts';
import { page, renderRoutes } from '../../../test/render.tsx';
import ChangeProfilePage from './change-profile-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const user: User = { id: 'u1', username: 'pilot', email: 'pilot@example.com', active: true, avatar: null, walletAddress: null, hasPassword: true };

function signedIn(u: User = user) {
  saveSession({ user: u, accessToken: 'a', refreshToken: 'r', remember: true });
  syncAccountFromStorage();
}

const update = () => fireEvent.click(screen.getByRole('button', { name: 'Update' }));
const typeName = (value: string) => fireEvent.change(fieldLabelled('Username'), { target: { value } });

describe('Change Profile', () => {
  it('puts "Please enter username" on the field without asking the server', async () => {
    signedIn();
    const { fn } = mockFetch(() => json(200, {}));
    renderRoutes([page('/p', <ChangeProfilePage />)], '/p');
    expect((fieldLabelled('Username') as HTMLInputElement).value).toBe('pilot');
    typeName('  ');
    update();
    await waitFor(() => expect(errorOf(fieldLabelled('Username'))).toBe('Please enter username'));
    expect(fn).not.toHaveBeenCalled();
  });

  it('shows a taken name on the field, then saves a free one and the stored user follows', async () => {
    signedIn();
    const { calls } = mockFetch((call) =>
      (call.body as { username: string }).username === 'captain'
        ? json(409, { error: true, code: 'USERNAME_TAKEN', msg: 'This username is already taken. Please choose another one.' })
        : json(200, { error: false, msg: 'Profile updated.', user: { ...user, username: 'StarPilot' } }),
    );
    renderRoutes([page('/p', <ChangeProfilePage />)], '/p');
    typeName('captain');
    update();
    await waitFor(() => expect(errorOf(fieldLabelled('Username'))).toBe('This username is already taken. Please choose another one.'));
    typeName('StarPilot');
    update();
    expect(await screen.findByText('Profile updated.')).toBeTruthy();
    expect(calls.at(-1)).toMatchObject({ url: '/api/account/change_profile', method: 'POST', body: { username: 'StarPilot' } });
    await waitFor(() => expect(useAccountStore.getState().user?.username).toBe('StarPilot'));
  });

  it('checks an avatar by name and size before any upload, with the spec’s message for size', async () => {
    signedIn();
    const { fn } = mockFetch(() => json(200, {}));
    renderRoutes([page('/p', <ChangeProfilePage />)], '/p');
    const input = fieldLabelled('Upload avatar') as HTMLInputElement;
    expect(input.accept).toContain('.png');
    fireEvent.change(input, { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    const fileError = () => screen.queryByTestId('field-error')?.textContent;
    await waitFor(() => expect(fileError()).toBe('You can only upload JPG, JPEG, JPE, PNG, GIF or WebP images.'));
    expect(errorOf(fieldLabelled('Upload avatar'))).toContain('You can only upload');
    fireEvent.change(input, { target: { files: [new File([new Uint8Array(1024 * 1024 + 1)], 'big.png', { type: 'image/png' })] } });
    await waitFor(() => expect(fileError()).toBe('Image size less than 1MB!'));
    expect(fn).not.toHaveBeenCalled();
  });

  it('previews the current avatar with alt text', async () => {
    signedIn({ ...user, avatar: '/api/account/avatars/abc-300.webp' });
    mockFetch(() => json(200, {}));
    renderRoutes([page('/p', <ChangeProfilePage />)], '/p');
    expect(screen.getByRole('img', { name: 'Avatar of pilot' }).getAttribute('src')).toBe('/api/account/avatars/abc-300.webp');
  });
});
