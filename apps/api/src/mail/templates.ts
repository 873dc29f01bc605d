import { escapeHtml } from '../lib/escape-html.ts';

export type MailContent = { subject: string; text: string; html: string };

/** A plain layout: a greeting, paragraphs, one button, and the link written out for clients without HTML. */
function compose(subject: string, greeting: string, paragraphs: string[], action?: { label: string; url: string }): MailContent {
  const text = [greeting, '', ...paragraphs.flatMap((p) => [p, '']), action ? `${action.label}: ${action.url}` : '', '', '— The Starport team']
    .join('\n')
    .trim();
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#0b1020;color:#e6e9f5;padding:24px">
<div style="max-width:560px;margin:auto;background:#151b33;border-radius:12px;padding:24px">
<h1 style="font-size:20px;margin-top:0">Starport</h1>
<p>${escapeHtml(greeting)}</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${action ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#5b7cfa;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${escapeHtml(action.label)}</a></p><p style="font-size:12px;color:#9aa3c7">Or open this link: ${escapeHtml(action.url)}</p>` : ''}
<p style="font-size:12px;color:#9aa3c7">— The Starport team</p>
</div></body></html>`;
  return { subject, text, html };
}

export function activationMail(publicUrl: string, username: string, key: string): MailContent {
  return compose('Activate your Starport account', `Hello ${username},`, [
    'Welcome aboard! Confirm your e-mail address to activate your account.',
    'The link works once and expires in 48 hours.',
  ], { label: 'Activate my account', url: `${publicUrl}/email_active?key=${key}` });
}

export function verifyLinkedEmailMail(publicUrl: string, username: string, key: string): MailContent {
  return compose('Verify your e-mail for Starport', `Hello ${username},`, [
    'You linked this e-mail address to your Starport account. Confirm it to finish.',
    'The link works once and expires in 48 hours.',
  ], { label: 'Verify my e-mail', url: `${publicUrl}/email_active?key=${key}` });
}

export function resetPasswordMail(publicUrl: string, username: string, key: string): MailContent {
  return compose('Reset your Starport password', `Hello ${username},`, [
    'Someone asked to reset the password of your Starport account. If it was you, choose a new password with the link below.',
    'The link works once and expires in 1 hour. If you did not ask for this, ignore this e-mail: your password stays as it is.',
  ], { label: 'Choose a new password', url: `${publicUrl}/forgot_password_update?key=${key}` });
}

export function alreadyRegisteredMail(publicUrl: string): MailContent {
  return compose('Your Starport account', 'Hello,', [
    'Someone tried to create a Starport account with this e-mail address, but it already has one.',
    'If it was you and you forgot your password, you can reset it. If not, you can ignore this e-mail.',
  ], { label: 'Reset my password', url: `${publicUrl}/forgot_password_send_email` });
}

export function passwordChangedMail(username: string): MailContent {
  return compose('Your Starport password was changed', `Hello ${username},`, [
    'The password of your Starport account was just changed, and every other session was signed out.',
    'If this was not you, reset your password at once and contact us.',
  ]);
}

export function contactMessageMail(from: { name: string; email: string }, message: string): MailContent {
  return compose(`Contact form: ${from.name}`, 'A player wrote through the contact form.', [
    `From: ${from.name} <${from.email}>`,
    message,
  ]);
}

export function itemSoldMail(
  publicUrl: string,
  sale: { username: string; itemName: string; priceUsd: string; feeUsd: string; netUsd: string },
): MailContent {
  return compose(`You sold ${sale.itemName} on Starport`, `Hello ${sale.username},`, [
    `A player bought your ${sale.itemName} on the Starport marketplace for $${sale.priceUsd}.`,
    `After the 5% marketplace fee of $${sale.feeUsd}, $${sale.netUsd} was added to your proceeds.`,
  ], { label: 'See my sales', url: `${publicUrl}/my-assets/spaceships-selling` });
}
