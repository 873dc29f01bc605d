import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { bearer } from '../../../test/harness.ts';

/** A JPEG that carries EXIF with a marker string, to prove the served avatar has none. */
export const EXIF_MARKER = 'starport-secret-exif-marker';
export async function jpegWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .jpeg()
    .withExif({ IFD0: { Copyright: EXIF_MARKER, Artist: EXIF_MARKER } })
    .toBuffer();
}

export async function smallPng(): Promise<Buffer> {
  return sharp({ create: { width: 32, height: 32, channels: 4, background: { r: 0, g: 120, b: 255, alpha: 1 } } }).png().toBuffer();
}

export const HTML_BYTES = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');

/** sign_url, then the PUT to the signed URL; the key and the PUT's answer. */
export async function uploadAvatar(app: FastifyInstance, token: string, bytes: Buffer, fileName = 'me.png') {
  const signed = await app.inject({ method: 'POST', url: '/api/account/avatar/sign_url', headers: bearer(token), payload: { file_name: fileName } });
  if (signed.statusCode !== 200) throw new Error(`sign_url: ${signed.statusCode} ${signed.body}`);
  const { url, key } = signed.json() as { url: string; key: string };
  const put = await app.inject({ method: 'PUT', url, headers: { 'content-type': 'application/octet-stream' }, payload: bytes });
  return { key, url, put };
}
