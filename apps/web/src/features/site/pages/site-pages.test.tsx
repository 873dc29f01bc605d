import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../test/fetch-mock.ts';
import { headingSkips } from '../../../test/heading-outline.ts';
import { page, renderRoutes } from '../../../test/render.tsx';
import ContactPage from './contact-page.tsx';
import TosPage from './tos-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('terms of service', () => {
  it('renders the server HTML', async () => {
    mockFetch(() => json(200, { error: false, data: { content: '<h2>1. Accounts</h2><p>Be nice.</p>' } }));
    renderRoutes([page('/tos', <TosPage />)], '/tos');
    expect(await screen.findByRole('heading', { name: '1. Accounts' })).toBeTruthy();
  });

  it('has one h1 when the terms open with their own, and no skipped heading level', async () => {
    const content = '<h1>Starport terms of service</h1><p>These terms…</p><h2>Your account</h2><p>Keep it safe.</p>';
    mockFetch(() => json(200, { error: false, data: { content } }));
    renderRoutes([page('/tos', <TosPage />)], '/tos');
    expect((await screen.findByRole('heading', { name: 'Starport terms of service' })).tagName).toBe('H2');
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Terms of Service']);
    expect(screen.getByRole('heading', { name: 'Your account' }).tagName).toBe('H3');
    expect(headingSkips()).toEqual([]);
  });

  it('tells the user when the terms cannot be loaded', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('offline'))));
    renderRoutes([page('/tos', <TosPage />)], '/tos');
    const alert = await screen.findByRole('alert', {}, { timeout: 60_000 });
    expect(alert.textContent).toContain('Please try again, network error');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('contact', () => {
  const fill = () => {
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Hello there' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
  };

  it('sends the message and shows the server msg', async () => {
    const { calls } = mockFetch(() => json(200, { error: false, msg: 'Thank you! Your message has been sent.' }));
    renderRoutes([page('/contact', <ContactPage />)], '/contact');
    fill();
    expect(await screen.findByText('Thank you! Your message has been sent.')).toBeTruthy();
    expect(calls[0]?.body).toEqual({ name: 'Ada', email: 'ada@example.com', message: 'Hello there' });
  });

  it('shows the rate-limit message', async () => {
    mockFetch(() => json(429, { error: true, code: 'RATE_LIMITED', msg: 'Too many attempts. Please try again in 60 minutes.' }));
    renderRoutes([page('/contact', <ContactPage />)], '/contact');
    fill();
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts. Please try again in 60 minutes.');
  });
});
