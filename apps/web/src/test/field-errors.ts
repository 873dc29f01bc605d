import { screen } from '@testing-library/react';

/** A form field by its label (inputs and text areas, not the password Show buttons). */
export const fieldLabelled = (label: string): HTMLInputElement =>
  screen.getByLabelText(label, { selector: 'input, textarea' });

/**
 * The error a field announces: its aria-describedby's text when it is aria-invalid, else null.
 * What a screen reader reads with the field, so a message shown nearby but not wired reads null.
 */
export function errorOf(field: HTMLElement): string | null {
  if (field.getAttribute('aria-invalid') !== 'true') return null;
  const ids = (field.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ') || null;
}

/** True when focus is on this alert: on it or on a wrapper holding nothing else (not the page or the form). */
export function focusIsOn(alert: HTMLElement): boolean {
  const focused = document.activeElement;
  return !!focused && focused.contains(alert) && focused.textContent === alert.textContent;
}
