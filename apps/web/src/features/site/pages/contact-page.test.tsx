import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorOf, fieldLabelled, focusIsOn } from '../../../test/field-errors.ts';
import { json, mockFetch } from '../../../test/fetch-mock.ts';
import { page, renderRoutes } from '../../../test/render.tsx';
import ContactPage from './contact-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const fill = (label: string, value: string) => fireEvent.change(fieldLabelled(label), { target: { value } });
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send message' }));

describe('contact form errors', () => {
  it('puts each field’s message on it at once, focuses the first, and clears one when it is edited', async () => {
    const { fn } = mockFetch(() => json(200, { error: false, msg: 'ok' }));
    renderRoutes([page('/contact', <ContactPage />)], '/contact');
    fill('E-mail', 'ada@');
    send();
    await waitFor(() => expect(document.activeElement).toBe(fieldLabelled('Name')));
    expect(errorOf(fieldLabelled('Name'))).toBe('Please enter your name.');
    expect(errorOf(fieldLabelled('E-mail'))).toBe('Please enter a valid e-mail address.');
    expect(errorOf(fieldLabelled('Message'))).toBe('Please enter a message.');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fn).not.toHaveBeenCalled();

    fill('Message', 'Hello there');
    expect(errorOf(fieldLabelled('Message'))).toBeNull();
    expect(errorOf(fieldLabelled('Name'))).toBe('Please enter your name.');
  });

  it('puts an e-mail the server refuses on the E-mail field and focuses it', async () => {
    mockFetch(() => json(400, { error: true, code: 'BAD_REQUEST', msg: 'Please enter a valid e-mail address.' }));
    renderRoutes([page('/contact', <ContactPage />)], '/contact');
    fill('Name', 'Ada');
    fill('E-mail', 'ada@example.c');
    fill('Message', 'Hello there');
    send();
    await waitFor(() => expect(errorOf(fieldLabelled('E-mail'))).toBe('Please enter a valid e-mail address.'));
    expect(document.activeElement).toBe(fieldLabelled('E-mail'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('the rate limit goes in the form’s alert, which takes focus', async () => {
    const msg = 'Too many attempts. Please try again in 60 minutes.';
    mockFetch(() => json(429, { error: true, code: 'RATE_LIMITED', msg }));
    renderRoutes([page('/contact', <ContactPage />)], '/contact');
    fill('Name', 'Ada');
    fill('E-mail', 'ada@example.com');
    fill('Message', 'Hello there');
    send();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(msg);
    await waitFor(() => expect(focusIsOn(alert)).toBe(true));
  });
});
