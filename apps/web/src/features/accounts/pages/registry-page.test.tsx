import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
    expect((await screen.findByRole('alert')).textContent).toBe('Your password does not match.');
    expect(fn).not.toHaveBeenCalled();
  });

  it('refuses when the terms are not agreed', async () => {
    const { fn } = mockFetch(() => json(200, { error: false, msg: 'ok' }));
    renderForm();
    fill('Confirm password', 'correct horse battery');
    fireEvent.click(screen.getByRole('checkbox', { name: /Terms of Service/ }));
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You have not agreed to the terms and conditions!',
    );
    expect(fn).not.toHaveBeenCalled();
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

  it('shows the server msg when the server refuses', async () => {
    mockFetch(() => json(409, { error: true, code: 'EMAIL_TAKEN', msg: 'This e-mail is already registered.' }));
    renderForm();
    fill('Confirm password', 'correct horse battery');
    submit();
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('This e-mail is already registered.'),
    );
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
