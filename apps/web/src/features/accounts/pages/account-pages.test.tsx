import type { User } from '@starport/schemas';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../../lib/session-storage.ts';
import { errorOf, fieldLabelled, focusIsOn } from '../../../test/field-errors.ts';
import { json, mockFetch } from '../../../test/fetch-mock.ts';
import { page, renderRoutes } from '../../../test/render.tsx';
import ChangePasswordPage from './change-password-page.tsx';
import EmailActivePage from './email-active-page.tsx';
import ForgotPasswordPage from './forgot-password-page.tsx';
import LinkEmailPage from './link-email-page.tsx';
import ResetPasswordPage from './reset-password-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const type = (label: string, value: string) => fireEvent.change(fieldLabelled(label), { target: { value } });
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const badKey = () => json(400, { error: true, code: 'INVALID_KEY', msg: 'This link is invalid or has expired.' });

describe('forgot password', () => {
  it('puts "Please enter your email!" on the field and focuses it, then shows the server msg', async () => {
    const { fn } = mockFetch(() => json(200, { error: false, msg: 'Check your inbox and spam folder.' }));
    renderRoutes([page('/f', <ForgotPasswordPage />)], '/f');
    click('Reset Password');
    await waitFor(() => expect(document.activeElement).toBe(fieldLabelled('E-mail')));
    expect(errorOf(fieldLabelled('E-mail'))).toBe('Please enter your email!');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fn).not.toHaveBeenCalled();
    type('E-mail', 'pilot@example.com');
    expect(errorOf(fieldLabelled('E-mail'))).toBeNull();
    click('Reset Password');
    expect(await screen.findByText('Check your inbox and spam folder.')).toBeTruthy();
  });

  it('shows the rate limit in the form’s alert and focuses it', async () => {
    const msg = 'Too many attempts. Please try again later.';
    mockFetch(() => json(429, { error: true, code: 'RATE_LIMITED', msg }));
    renderRoutes([page('/f', <ForgotPasswordPage />)], '/f');
    type('E-mail', 'pilot@example.com');
    click('Reset Password');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(msg);
    await waitFor(() => expect(focusIsOn(alert)).toBe(true));
    expect(errorOf(fieldLabelled('E-mail'))).toBeNull();
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

  it('shows both password problems on their fields at once, then resets with the key', async () => {
    const { calls } = mockFetch((call) =>
      json(200, { error: false, msg: call.method === 'GET' ? 'Key ok.' : 'Your password has been changed.' }),
    );
    renderRoutes([page('/r', <ResetPasswordPage />)], '/r?key=abcdefghijklmnop');
    await screen.findByLabelText('New password', { selector: 'input' });
    type('New password', 'short');
    type('Confirm new password', 'new-password-2');
    click('Save new password');
    await waitFor(() => expect(document.activeElement).toBe(fieldLabelled('New password')));
    expect(errorOf(fieldLabelled('New password'))).toBe('Password must be at least 8 characters.');
    expect(errorOf(fieldLabelled('Confirm new password'))).toBe('Your password does not match.');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls).toHaveLength(1);

    type('New password', 'new-password-1');
    expect(errorOf(fieldLabelled('New password'))).toBeNull();
    click('Save new password');
    await waitFor(() => expect(document.activeElement).toBe(fieldLabelled('Confirm new password')));
    expect(errorOf(fieldLabelled('Confirm new password'))).toBe('Your password does not match.');
    type('Confirm new password', 'new-password-1');
    click('Save new password');
    expect(await screen.findByText('Your password has been changed.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to login' }).getAttribute('href')).toBe('/login');
    expect(calls[1]?.body).toEqual({ password: 'new-password-1', secret_key: 'abcdefghijklmnop' });
  });

  it('a key that expired while the form was open goes in the form’s alert, which takes focus', async () => {
    mockFetch((call) => (call.method === 'GET' ? json(200, { error: false, msg: 'Key ok.' }) : badKey()));
    renderRoutes([page('/r', <ResetPasswordPage />)], '/r?key=abcdefghijklmnop');
    await screen.findByLabelText('New password', { selector: 'input' });
    type('New password', 'new-password-1');
    type('Confirm new password', 'new-password-1');
    click('Save new password');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('This link is invalid or has expired.');
    await waitFor(() => expect(focusIsOn(alert)).toBe(true));
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
    const { router } = renderRoutes(
      [page('/a', <EmailActivePage />), page('/login', <p>login</p>)],
      '/a?key=k1234567890123456',
    );
    expect(await screen.findByText('Your account is active.')).toBeTruthy();
    click('Go to Login Page');
    expect(router.state.location.pathname).toBe('/login');
  });
  it('a link opened again: says the account is already active and offers Sign in, not an error', async () => {
    mockFetch(() =>
      json(200, { error: false, msg: 'Your account is already active. You can sign in.', already_active: true }),
    );
    const { router } = renderRoutes(
      [page('/a', <EmailActivePage />), page('/login', <p>login</p>)],
      '/a?key=k1234567890123456',
    );
    expect(await screen.findByRole('heading', { name: 'Already active' })).toBeTruthy();
    expect(screen.getByText('Your account is already active. You can sign in.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Error !' })).toBeNull();
    click('Sign in');
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('change password', () => {
  const user = { id: 'u', username: 'pilot', email: 'p@example.com', active: true } as User;

  it('puts the spec messages on their fields, focuses the first, then sends old and new', async () => {
    saveSession({ user, accessToken: 'a', refreshToken: 'r', remember: true });
    const { calls } = mockFetch(() => json(200, { error: false, msg: 'Your password has been changed.' }));
    renderRoutes([page('/c', <ChangePasswordPage />)], '/c');
    type('Retype new password', 'other');
    click('Change password');
    await waitFor(() => expect(document.activeElement).toBe(fieldLabelled('Old password')));
    expect(errorOf(fieldLabelled('Old password'))).toBe('Please enter your current password.');
    expect(errorOf(fieldLabelled('New password'))).toBe('Please enter new Password');
    expect(errorOf(fieldLabelled('Retype new password'))).toBe('Retype New Password not match with New Password');
    expect(screen.queryByRole('alert')).toBeNull();

    type('Old password', 'old-password');
    type('New password', 'new-password-1');
    expect(errorOf(fieldLabelled('Old password'))).toBeNull();
    expect(errorOf(fieldLabelled('New password'))).toBeNull();
    click('Change password');
    await waitFor(() => expect(document.activeElement).toBe(fieldLabelled('Retype new password')));
    expect(errorOf(fieldLabelled('Retype new password'))).toBe('Retype New Password not match with New Password');
    expect(calls).toHaveLength(0);

    type('Retype new password', 'new-password-1');
    click('Change password');
    expect(await screen.findByText('Your password has been changed.')).toBeTruthy();
    expect(calls[0]?.body).toEqual({ old: 'old-password', new: 'new-password-1' });
    expect(calls[0]?.headers.Authorization).toBe('Bearer a');
  });

  it('puts a wrong current password on the Old password field and focuses it', async () => {
    saveSession({ user, accessToken: 'a', refreshToken: 'r', remember: true });
    mockFetch(() =>
      json(400, { error: true, code: 'INVALID_CREDENTIALS', msg: 'Your current password is incorrect.' }),
    );
    renderRoutes([page('/c', <ChangePasswordPage />)], '/c');
    type('Old password', 'not-my-password');
    type('New password', 'new-password-1');
    type('Retype new password', 'new-password-1');
    click('Change password');
    await waitFor(() => expect(errorOf(fieldLabelled('Old password'))).toBe('Your current password is incorrect.'));
    expect(document.activeElement).toBe(fieldLabelled('Old password'));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('link e-mail', () => {
  const walletUser = { id: 'u', username: 'pilot', email: null, active: false, hasPassword: false } as User;

  it('shows every field’s problem at once, then puts a used e-mail on the E-mail field', async () => {
    saveSession({ user: walletUser, accessToken: 'a', refreshToken: 'r', remember: true });
    const { calls } = mockFetch(() =>
      json(409, { error: true, code: 'EMAIL_TAKEN', msg: 'This e-mail is already used by another account.' }),
    );
    renderRoutes([page('/l', <LinkEmailPage />)], '/l');
    type('E-mail', 'not-an-email');
    type('Password', 'long-enough-1');
    type('Confirm password', 'long-enough-2');
    click('Link e-mail');
    await waitFor(() => expect(document.activeElement).toBe(fieldLabelled('E-mail')));
    expect(errorOf(fieldLabelled('E-mail'))).toBe('Please enter a valid e-mail address.');
    expect(errorOf(fieldLabelled('Password'))).toBeNull();
    expect(errorOf(fieldLabelled('Confirm password'))).toBe('Your password does not match.');
    expect(calls).toHaveLength(0);

    type('E-mail', 'taken@example.com');
    type('Confirm password', 'long-enough-1');
    click('Link e-mail');
    await waitFor(() =>
      expect(errorOf(fieldLabelled('E-mail'))).toBe('This e-mail is already used by another account.'),
    );
    expect(document.activeElement).toBe(fieldLabelled('E-mail'));
    expect(errorOf(fieldLabelled('Confirm password'))).toBeNull();
    expect(calls[0]?.body).toEqual({ email: 'taken@example.com', password: 'long-enough-1' });
  });
});
