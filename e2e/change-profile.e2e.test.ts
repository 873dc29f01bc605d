import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './fixtures/axe.ts';
import { signIn } from './fixtures/sign-in.ts';
import { useSignedInPage } from './fixtures/signed-in-page.ts';

const png = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 30, g: 160, b: 90 } } })
    .png()
    .toBuffer();

/**
 * Issue 17's Change Profile journey: from the profile menu, a new username with Update and an
 * uploaded avatar, both seen in the header; the refusals shown on their fields; and the page at 360 px.
 */
describe('Change Profile in Chromium: username and avatar, seen in the header', () => {
  const pilot = useSignedInPage();

  const menu = () => pilot.page.getByTestId('profile-menu');
  const usernameField = () => pilot.page.getByLabel('Username', { exact: true });

  it('opens from the profile menu with its own title', async () => {
    await menu().click();
    await pilot.page.getByRole('menuitem', { name: 'Change Profile' }).click();
    await pilot.page.waitForURL((url) => url.pathname === '/change-profile');
    await pilot.page.getByRole('heading', { level: 1, name: 'Change Profile' }).waitFor();
    expect(await pilot.page.title()).toContain('Change Profile');
    expect(await usernameField().inputValue()).toBe('pilot');
  });

  it('refuses an empty or taken username on the field', async () => {
    await usernameField().fill('');
    await pilot.page.getByRole('button', { name: 'Update' }).click();
    await pilot.page.getByTestId('field-error').filter({ hasText: 'Please enter username' }).waitFor();
    expect(await usernameField().getAttribute('aria-invalid')).toBe('true');

    await usernameField().fill('CAPTAIN');
    await pilot.page.getByRole('button', { name: 'Update' }).click();
    await pilot.page.getByTestId('field-error').filter({ hasText: 'This username is already taken. Please choose another one.' }).waitFor();
    await expect.poll(() => pilot.page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('username');
  });

  it('changes the username and the header follows', async () => {
    await usernameField().fill('StarPilot');
    await pilot.page.getByRole('button', { name: 'Update' }).click();
    await pilot.page.getByText('Profile updated.').waitFor();
    await menu().filter({ hasText: 'StarPilot' }).waitFor();
  });

  it('checks a file by name and size before uploading, and shows the server refusing HTML named .png', async () => {
    const upload = pilot.page.getByLabel('Upload avatar');
    await upload.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await pilot.page.getByTestId('field-error').filter({ hasText: 'You can only upload JPG, JPEG, JPE, PNG, GIF or WebP images.' }).waitFor();
    await upload.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(1024 * 1024 + 1, 1) });
    await pilot.page.getByTestId('field-error').filter({ hasText: 'Image size less than 1MB!' }).waitFor();
    await upload.setInputFiles({ name: 'cat.png', mimeType: 'image/png', buffer: Buffer.from('<!doctype html><script>alert(1)</script>') });
    await pilot.page.getByTestId('field-error').filter({ hasText: 'This file is not a JPEG, PNG, GIF or WebP image.' }).waitFor();
    expect(await menu().getByTestId('profile-menu-avatar').count()).toBe(0);
  });

  it('uploads an avatar: the preview and the header show the re-encoded image', async () => {
    await pilot.page.getByLabel('Upload avatar').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await png() });
    await pilot.page.getByText('Avatar updated.').waitFor();
    const preview = pilot.page.getByRole('img', { name: 'Avatar of StarPilot' });
    await preview.waitFor();
    const headerAvatar = menu().getByTestId('profile-menu-avatar');
    await headerAvatar.waitFor();
    const src = await headerAvatar.getAttribute('src');
    expect(src).toMatch(/^\/api\/account\/avatars\/[0-9a-f]{32}-300\.webp$/);
    await expect.poll(() => headerAvatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(300);
    const res = await pilot.page.request.get(src!);
    expect(res.headers()['content-type']).toBe('image/webp');
    expect(res.headers()['x-content-type-options']).toBe('nosniff');
  });

  it('keeps both after a reload', async () => {
    await pilot.page.reload();
    await pilot.page.getByRole('img', { name: 'Avatar of StarPilot' }).waitFor();
    await menu().filter({ hasText: 'StarPilot' }).getByTestId('profile-menu-avatar').waitFor();
  });

  it('fits 360 px with no axe violations', async () => {
    const context = await pilot.browser.newContext({ baseURL: pilot.server.url, viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, bypassCSP: true });
    const phone = await context.newPage();
    phone.setDefaultTimeout(20_000);
    await signIn(phone, { login: 'captain@starport.local', password: 'captain-demo-2026' });
    await phone.goto('/change-profile');
    await phone.getByLabel('Upload avatar').waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await axeViolations(phone, '360 px /change-profile')).toEqual([]);
    await context.close();
  });
});
