import type { User } from '@starport/schemas';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../../lib/session-storage.ts';
import { json, mockFetch } from '../../../test/fetch-mock.ts';
import { page, renderRoutes } from '../../../test/render.tsx';
import ChangePasswordPage from './change-password-page.tsx';
import EmailActivePage from './email-active-page.tsx';
import ForgotPasswordPage from './forgot-password-page.tsx';
import ResetPasswordPage from './reset-password-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } });
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const badKey = () => json(400, { error: true, code: 'INVALID_KEY', msg: 'This link is invalid or has expired.' });

describe('forgot password', () => {
  it('asks for the e-mail, then shows the server msg', async () => {
    const { fn } = mockFetch(() => json(200, { error: false, msg: 'Check your inbox and spam folder.' }));
    renderRoutes([page('/f', <ForgotPasswordPage />)], '/f');
    click('Reset Password');
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter your email!');
    expect(fn).not.toHaveBeenCalled();
    type('E-mail', 'pilot@example.com');
    click('Reset Password');
    expect(await screen.findByText('Check your inbox and spam folder.')).toBeTruthy();
  });
});

describe('reset password', () => {
  it('says "Secret key error!" without a key', async () => {
    renderRoutes([page('/r', <ResetPasswordPage />)], '/r');
    expect((await screen.findByRole('alert')).textContent).toBe('Secret key error!');
  });

  it('shows an invalid key as an error that cannot be dismissed, with no form', async () => {
    mockFetch(badKey);
    renderRoutes([page('/r', <ResetPasswordPage />)], '/r?key=abcdefghijklmnop');
    expect((await screen.findByRole('alert')).textContent).toBe('This link is invalid or has expired.');
    expect(screen.queryByRole('button', { name: 'Dismiss' })).toBeNull();
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it('checks the two passwords match, then resets with the key', async () => {
    const { calls } = mockFetch((call) =>
      json(200, { error: false, msg: call.method === 'GET' ? 'Key ok.' : 'Your password has been changed.' }),
    );
    renderRoutes([page('/r', <ResetPasswordPage />)], '/r?key=abcdefghijklmnop');
    await screen.findByLabelText('New password', { selector: 'input' });
    type('New password', 'new-password-1');
    type('Confirm new password', 'new-password-2');
    click('Save new password');
    expect((await screen.findByRole('alert')).textContent).toBe('Your password does not match.');
    type('Confirm new password', 'new-password-1');
    click('Save new password');
    expect(await screen.findByText('Your password has been changed.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to login' }).getAttribute('href')).toBe('/login');
    expect(calls[1]?.body).toEqual({ password: 'new-password-1', secret_key: 'abcdefghijklmnop' });
  });
});

describe('email activation', () => {
  it('shows "Error !" with the server msg', async () => {
    mockFetch(badKey);
    renderRoutes([page('/a', <EmailActivePage />)], '/a?key=abcdefghijklmnop');
    expect(await screen.findByRole('heading', { name: 'Error !' })).toBeTruthy();
    expect(screen.getByText('This link is invalid or has expired.')).toBeTruthy();
  });

  it('shows the success msg and a "Go to Login Page" button', async () => {
    mockFetch(() => json(200, { error: false, msg: 'Your account is active.', already_active: false }));
    const { router } = renderRoutes([page('/a', <EmailActivePage />), page('/login', <p>login</p>)], '/a?key=k1234567890123456');
    expect(await screen.findByText('Your account is active.')).toBeTruthy();
    click('Go to Login Page');
    expect(router.state.location.pathname).toBe('/login');
  });
  it('a link opened again: says the account is already active and offers Sign in, not an error', async () => {
    mockFetch(() => json(200, { error: false, msg: 'Your account is already active. You can sign in.', already_active: true }));
    const { router } = renderRoutes([page('/a', <EmailActivePage />), page('/login', <p>login</p>)], '/a?key=k1234567890123456');
    expect(await screen.findByRole('heading', { name: 'Already active' })).toBeTruthy();
    expect(screen.getByText('Your account is already active. You can sign in.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Error !' })).toBeNull();
    click('Sign in');
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('change password', () => {
  const user = { id: 'u', username: 'pilot', email: 'p@example.com', active: true } as User;

  it('uses the spec messages, then sends old and new', async () => {
    saveSession({ user, accessToken: 'a', refreshToken: 'r', remember: true });
    const { calls } = mockFetch(() => json(200, { error: false, msg: 'Your password has been changed.' }));
    renderRoutes([page('/c', <ChangePasswordPage />)], '/c');
    type('Old password', 'old-password');
    click('Change password');
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter new Password');
    type('New password', 'new-password-1');
    type('Retype new password', 'other');
    click('Change password');
    expect((await screen.findByRole('alert')).textContent).toBe('Retype New Password not match with New Password');
    type('Retype new password', 'new-password-1');
    click('Change password');
    expect(await screen.findByText('Your password has been changed.')).toBeTruthy();
    expect(calls[0]?.body).toEqual({ old: 'old-password', new: 'new-password-1' });
    expect(calls[0]?.headers.Authorization).toBe('Bearer a');
  });
});
