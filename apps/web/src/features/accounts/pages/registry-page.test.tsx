import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorOf, fieldLabelled, focusIsOn } from '../../../test/field-errors.ts';
import { json, mockFetch } from '../../../test/fetch-mock.ts';
import { page, renderRoutes } from '../../../test/render.tsx';
import RegistryPage from './registry-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } });

function renderForm() {
  renderRoutes([page('/registry', <RegistryPage />)], '/registry');
  fill('Username', 'pilot_one');
  fill('E-mail', 'pilot@example.com');
  fill('Password', 'correct horse battery');
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));

const input = fieldLabelled;

describe('RegistryPage validation', () => {
  it('ticks the terms box by default and links it to /tos', () => {
    renderRoutes([page('/registry', <RegistryPage />)], '/registry');
    expect((screen.getByRole('checkbox', { name: /Terms of Service/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/tos');
  });

  it('refuses different passwords without calling the server', async () => {
    const { fn } = mockFetch(() => json(200, { error: false, msg: 'ok' }));
    renderForm();
    fill('Confirm password', 'something else');
    submit();
    await waitFor(() => expect(errorOf(input('Confirm password'))).toBe('Your password does not match.'));
    expect(document.activeElement).toBe(input('Confirm password'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fn).not.toHaveBeenCalled();
  });

  it('refuses when the terms are not agreed', async () => {
    const { fn } = mockFetch(() => json(200, { error: false, msg: 'ok' }));
    renderForm();
    fill('Confirm password', 'correct horse battery');
    const terms = screen.getByRole('checkbox', { name: /Terms of Service/ });
    fireEvent.click(terms);
    submit();
    await waitFor(() => expect(errorOf(terms)).toBe('You have not agreed to the terms and conditions!'));
    expect(document.activeElement).toBe(terms);
    expect(fn).not.toHaveBeenCalled();
    fireEvent.click(terms);
    expect(errorOf(terms)).toBeNull();
  });

  it('sends the form with the stored referral code and shows the server msg', async () => {
    localStorage.setItem('wallet_ref', 'friend42');
    const msg = 'Registered. Please check your inbox and spam folder to activate your account.';
    const { calls } = mockFetch(() => json(200, { error: false, msg }));
    renderForm();
    fill('Confirm password', 'correct horse battery');
    submit();
    expect(await screen.findByText(msg)).toBeTruthy();
    expect(calls[0]?.body).toEqual({
      username: 'pilot_one',
      email: 'pilot@example.com',
      password: 'correct horse battery',
      wallet_ref: 'friend42',
    });
  });

  it('shows the server msg on the field it is about, and in the banner when it is about none', async () => {
    mockFetch(() => json(409, { error: true, code: 'EMAIL_TAKEN', msg: 'This e-mail is already registered.' }));
    renderForm();
    fill('Confirm password', 'correct horse battery');
    submit();
    await waitFor(() => expect(errorOf(input('E-mail'))).toBe('This e-mail is already registered.'));
    expect(document.activeElement).toBe(input('E-mail'));
    expect(screen.queryByRole('alert')).toBeNull();

    vi.unstubAllGlobals();
    mockFetch(() =>
      json(429, { error: true, code: 'RATE_LIMITED', msg: 'Too many attempts. Please try again later.' }),
    );
    submit();
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Too many attempts. Please try again later.'),
    );
    expect(errorOf(input('E-mail'))).toBeNull();
    await waitFor(() => expect(focusIsOn(screen.getByRole('alert'))).toBe(true));
  });

  it('shows every field’s error on its field at once and focuses the first', async () => {
    const { fn } = mockFetch(() => json(200, { error: false, msg: 'ok' }));
    renderRoutes([page('/registry', <RegistryPage />)], '/registry');
    fill('Username', 'a!');
    fill('E-mail', 'not-an-email');
    fill('Password', 'short');
    fill('Confirm password', 'other');
    submit();
    await waitFor(() => expect(document.activeElement).toBe(input('Username')));
    expect(errorOf(input('Username'))).toBe('Username must be at least 3 characters.');
    expect(errorOf(input('E-mail'))).toBe('Please enter a valid e-mail address.');
    expect(errorOf(input('Password'))).toBe('Password must be at least 8 characters.');
    expect(errorOf(input('Confirm password'))).toBe('Your password does not match.');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fn).not.toHaveBeenCalled();

    // A field loses its error as soon as it is edited; the first still wrong takes focus on the next try.
    fill('Username', 'pilot_one');
    expect(errorOf(input('Username'))).toBeNull();
    expect(errorOf(input('E-mail'))).toBe('Please enter a valid e-mail address.');
    fill('E-mail', 'pilot@example.com');
    submit();
    await waitFor(() => expect(document.activeElement).toBe(input('Password')));
    expect(errorOf(input('Username'))).toBeNull();
    expect(errorOf(input('E-mail'))).toBeNull();
  });

  it('toggles each password field between hidden and shown', () => {
    renderRoutes([page('/registry', <RegistryPage />)], '/registry');
    const confirm = screen.getByLabelText('Confirm password', { selector: 'input' }) as HTMLInputElement;
    expect(confirm.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show confirm password' }));
    expect(confirm.type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide confirm password' }));
    expect(confirm.type).toBe('password');
  });
});
