import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { createObjectStorage } from '../../lib/object-storage/index.ts';

const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/starport-storage-config', JWT_ACCESS_SECRET: 'x'.repeat(40) } as const;

describe('which storage avatars use', () => {
  it('files under DATA_DIR without S3_BUCKET, with relative signed upload URLs', async () => {
    const config = loadConfig({ ...base });
    expect(config.s3).toBeUndefined();
    const storage = createObjectStorage({ dataDir: config.dataDir, jwtSecret: config.jwtAccessSecret, s3: config.s3 });
    expect(storage.kind).toBe('file');
    expect(await storage.uploadUrl(`avatar-uploads/${'a'.repeat(32)}`, new Date(Date.now() + 60_000))).toMatch(
      /^\/api\/account\/avatar\/upload\?key=avatar-uploads%2Fa{32}&expires=\d+&sig=[\w-]{43}$/,
    );
  });

  it('the bucket with S3_* set, and a clear stop when its keys are missing', () => {
    const s3 = { S3_BUCKET: 'avatars', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: '1' };
    expect(() => loadConfig({ ...base, ...s3 })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, ...s3 })).toThrow(/S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/);
    const config = loadConfig({ ...base, ...s3, S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' });
    expect(config.s3).toEqual({
      bucket: 'avatars',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    expect(createObjectStorage({ dataDir: config.dataDir, jwtSecret: config.jwtAccessSecret, s3: config.s3 }).kind).toBe('s3');
  });

  it('refuses keys that are not ours (no path tricks reach the disk)', async () => {
    const storage = createObjectStorage({ dataDir: '/tmp/starport-storage-config', jwtSecret: new Uint8Array(32) });
    for (const key of ['../secrets/jwt-access', 'avatars/../../x', '/etc/passwd', 'a/b/c']) {
      await expect(storage.read(key, 10)).rejects.toThrow(/not an object key/);
    }
  });
});
