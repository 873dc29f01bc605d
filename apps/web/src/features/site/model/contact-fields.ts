import type { FieldErrors } from '../../../components/ui/use-form-errors.ts';
import { isApiError } from '../../../lib/api-client.ts';

export type ContactField = 'name' | 'email' | 'message';

// ContactBodySchema's rules and messages (packages/schemas site.ts), checked here too so every
// field says what is wrong at once; the server checks again.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MESSAGE_MAX = 5000;

function emailError(email: string): string | undefined {
  if (!email) return 'Please enter your e-mail.';
  if (!EMAIL.test(email)) return 'Please enter a valid e-mail address.';
  return undefined;
}

function messageError(message: string): string | undefined {
  if (!message) return 'Please enter a message.';
  if (message.length > MESSAGE_MAX) return `Your message is too long (${MESSAGE_MAX} characters at most).`;
  return undefined;
}

/** The fields come trimmed, as they are sent. */
export const contactErrors = (input: Record<ContactField, string>): FieldErrors<ContactField> => ({
  name: input.name ? undefined : 'Please enter your name.',
  email: emailError(input.email),
  message: messageError(input.message),
});

/** The field a refusal of the server names, or undefined (rate limit, network): the form's alert. */
export function contactFieldOf(error: unknown): ContactField | undefined {
  if (!isApiError(error) || error.code !== 'BAD_REQUEST') return undefined;
  if (/name/i.test(error.msg)) return 'name';
  if (/e-mail/i.test(error.msg)) return 'email';
  if (/message/i.test(error.msg)) return 'message';
  return undefined;
}
