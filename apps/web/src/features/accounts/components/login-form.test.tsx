import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorOf, fieldLabelled, focusIsOn } from '../../../test/field-errors.ts';
import { json, mockFetch } from '../../../test/fetch-mock.ts';
import { page, renderRoutes } from '../../../test/render.tsx';
import { LoginForm } from './login-form.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const renderForm = () =>
  renderRoutes([page('/login', <LoginForm onSignedIn={() => {}} onWallet={() => {}} />)], '/login');
const fill = (label: string, value: string) => fireEvent.change(fieldLabelled(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

describe('LoginForm errors', () => {
  it('puts each empty field’s message on it, focuses the first, and clears one when it is typed in', async () => {
    const { fn } = mockFetch(() => json(200, {}));
    renderForm();
    submit();
    await waitFor(() => expect(document.activeElement).toBe(fieldLabelled('E-mail or username')));
    expect(errorOf(fieldLabelled('E-mail or username'))).toBe('Please enter your e-mail or username.');
    expect(errorOf(fieldLabelled('Password'))).toBe('Please enter your password.');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fn).not.toHaveBeenCalled();

    fill('E-mail or username', 'pilot');
    expect(errorOf(fieldLabelled('E-mail or username'))).toBeNull();
    expect(errorOf(fieldLabelled('Password'))).toBe('Please enter your password.');
  });

  it('a wrong login or password stays in the form’s alert, which takes focus', async () => {
    const msg = 'Incorrect e-mail/username or password.';
    const { calls } = mockFetch(() => json(401, { error: true, code: 'INVALID_CREDENTIALS', msg }));
    renderForm();
    fill('E-mail or username', ' pilot ');
    fill('Password', 'not-the-password');
    submit();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(msg);
    await waitFor(() => expect(focusIsOn(alert)).toBe(true));
    // Naming one field would tell whether the account exists.
    expect(errorOf(fieldLabelled('E-mail or username'))).toBeNull();
    expect(errorOf(fieldLabelled('Password'))).toBeNull();
    expect(calls[0]?.body).toEqual({ email: 'pilot', password: 'not-the-password', remember: true });
  });
});
