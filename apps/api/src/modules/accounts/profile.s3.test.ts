import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AVATAR_MAX_BYTES } from '@starport/schemas';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, body, createTestApp, type TestApp } from '../../../test/harness.ts';
import { EXIF_MARKER, HTML_BYTES, jpegWithExif } from './profile.fixtures.ts';

/**
 * The S3 path with the real AWS SDK against a local S3 server (s3rver) on a random port: the
 * browser's PUT goes to the presigned URL over HTTP, the server reads the object back.
 */
const BUCKET = 'starport-avatars';
let s3: S3rver;
let dir: string;
let t: TestApp;
let token: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'starport-s3rver-'));
  s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const { port } = await s3.run();
  t = await createTestApp({
    env: {
      DATA_DIR: path.join(dir, 'data'),
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: '1',
    },
  });
  await t.createUser({ username: 'pilot', password: 'correct-horse-1' });
  token = (await t.login('pilot', 'correct-horse-1')).access_token;
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
  await rm(dir, { recursive: true, force: true });
});

async function presignedUpload(bytes: Buffer, fileName = 'me.jpg') {
  const signed = await t.app.inject({ method: 'POST', url: '/api/account/avatar/sign_url', headers: bearer(token), payload: { file_name: fileName } });
  expect(signed.statusCode).toBe(200);
  const { url, key } = signed.json() as { url: string; key: string };
  expect(url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/${BUCKET}/avatar-uploads/[0-9a-f]{32}\\?.*X-Amz-Signature=`));
  const put = await fetch(url, { method: 'PUT', body: new Uint8Array(bytes) });
  return { key, put };
}

const makeAvatar = (key: string) => t.app.inject({ method: 'POST', url: '/api/account/avatar', headers: bearer(token), payload: { key } });

describe('avatars on an S3-compatible bucket', () => {
  it('takes a presigned PUT, reads it back, re-encodes it and serves it from our server', async () => {
    const { key, put } = await presignedUpload(await jpegWithExif());
    expect(put.status).toBe(200);
    const res = await makeAvatar(key);
    expect(res.statusCode).toBe(200);
    const img = await t.app.inject({ method: 'GET', url: body(res).avatar as string });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp');
    const meta = await sharp(img.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 300, height: 300 });
    expect(meta.exif).toBeUndefined();
    expect(img.rawPayload.includes(Buffer.from(EXIF_MARKER))).toBe(false);
  });

  it('refuses HTML bytes named .png', async () => {
    const { key, put } = await presignedUpload(HTML_BYTES, 'cat.png');
    expect(put.status).toBe(200);
    expect((await makeAvatar(key)).statusCode).toBe(415);
  });

  it('refuses an object over 1 MB that the bucket accepted', async () => {
    const { key, put } = await presignedUpload(Buffer.alloc(AVATAR_MAX_BYTES + 1, 7));
    expect(put.status).toBe(200);
    const res = await makeAvatar(key);
    expect(res.statusCode).toBe(413);
    expect(body(res).msg).toBe('Image size less than 1MB!');
  });

  it('says the image is missing when nothing was put', async () => {
    const signed = await t.app.inject({ method: 'POST', url: '/api/account/avatar/sign_url', headers: bearer(token), payload: { file_name: 'a.png' } });
    expect((await makeAvatar((signed.json() as { key: string }).key)).statusCode).toBe(400);
  });

  it('has no embedded upload route while the bucket is configured', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/account/avatar/upload?key=avatar-uploads/x&expires=1&sig=x', payload: Buffer.from('x'), headers: { 'content-type': 'image/png' } });
    expect(res.statusCode).toBe(404);
  });
});
