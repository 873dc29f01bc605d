import {
  AVATAR_MAX_BYTES,
  AvatarBodySchema,
  AvatarFileParamsSchema,
  AvatarResponseSchema,
  AvatarSignUrlBodySchema,
  AvatarSignUrlResponseSchema,
  AvatarUploadQuerySchema,
  ChangeAvatarBodySchema,
  ChangeProfileBodySchema,
  ChangeProfileResponseSchema,
  ErrorResponseSchema,
  MessageResponseSchema,
} from '@starport/schemas';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/app-error.ts';
import { callerOf } from '../../plugins/auth.ts';
import type { ProfileService } from './profile.service.ts';

const errors = { '4xx': ErrorResponseSchema };
const tags = ['accounts'];
const bearer = [{ bearerAuth: [] }];

/**
 * Change Profile (spec §2.7, §7.3; docs/api-profile.md). GET /profile stays in
 * accounts.routes.ts; its `user.avatar` is the avatar's URL.
 */
export const profileRoutes: FastifyPluginAsyncZod<{ profile: ProfileService }> = async (app, { profile }) => {
  app.post('/avatar/sign_url', {
    preHandler: app.requireAuth,
    schema: {
      tags,
      security: bearer,
      summary: 'A URL to PUT an avatar image to (10 minutes, one upload, this player only)',
      description:
        'PUT the file to `url`, then send `key` to POST /api/account/avatar (or change_profile). The name only has to end in .jpeg, .jpe, .jpg, .gif, .png or .webp: the server judges the bytes later.',
      body: AvatarSignUrlBodySchema,
      response: { 200: AvatarSignUrlResponseSchema, ...errors },
    },
    handler: async (req) => ({ error: false as const, ...(await profile.signUpload(callerOf(req))) }),
  });

  app.post('/avatar', {
    preHandler: app.requireAuth,
    schema: {
      tags,
      security: bearer,
      summary: "Make an uploaded image the player's avatar",
      description:
        'The upload is read back, its type judged from its bytes (JPEG, PNG, GIF or WebP), at most 1 MB (413), and re-encoded to 300x300 and 800x800 WebP without metadata. Another player\'s key is a 404; a used key a 409; anything not an image a 415.',
      body: AvatarBodySchema,
      response: { 200: AvatarResponseSchema, ...errors },
    },
    handler: async (req) => ({ error: false as const, msg: 'Avatar updated.', avatar: await profile.setAvatar(callerOf(req), req.body.key) }),
  });

  app.post('/change_avatar', {
    preHandler: app.requireAuth,
    schema: {
      tags,
      security: bearer,
      summary: 'Replace the avatar with an upload (`key`) or remove it (`key: null`)',
      body: ChangeAvatarBodySchema,
      response: { 200: AvatarResponseSchema, ...errors },
    },
    handler: async (req) => {
      const caller = callerOf(req);
      if (req.body.key === null) {
        await profile.removeAvatar(caller);
        return { error: false as const, msg: 'Avatar removed.', avatar: null };
      }
      return { error: false as const, msg: 'Avatar updated.', avatar: await profile.setAvatar(caller, req.body.key) };
    },
  });

  app.post('/change_profile', {
    preHandler: app.requireAuth,
    schema: {
      tags,
      security: bearer,
      summary: 'Change the username (unique whatever its case) and, with an upload key, the avatar',
      description: '`avatar` is an upload key, or the current avatar URL / nothing to keep it. A taken username is a 409 USERNAME_TAKEN; nothing changes on any refusal.',
      body: ChangeProfileBodySchema,
      response: { 200: ChangeProfileResponseSchema, ...errors },
    },
    handler: async (req) => ({ error: false as const, msg: 'Profile updated.', user: await profile.changeProfile(callerOf(req), req.body) }),
  });

  app.get('/avatars/:name', {
    schema: {
      tags,
      summary: 'A re-encoded avatar image (WebP); the name is its content hash, so it is cached for good',
      params: AvatarFileParamsSchema,
      response: { 200: z.any(), ...errors },
    },
    handler: async (req, reply) => {
      const bytes = await profile.avatarFile(req.params.name);
      if (!bytes) throw notFound('No such avatar.');
      return reply
        .header('content-type', 'image/webp')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'")
        .send(bytes);
    },
  });

  // The embedded storage's upload target: raw bytes, at most 1 MB (Fastify answers 413 beyond).
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: AVATAR_MAX_BYTES }, (_req, body, done) => done(null, body));
    raw.withTypeProvider<ZodTypeProvider>().put('/avatar/upload', {
      bodyLimit: AVATAR_MAX_BYTES,
      schema: {
        tags,
        summary: 'Receives the bytes of a signed embedded upload URL (the URL from sign_url carries key, expiry and signature)',
        querystring: AvatarUploadQuerySchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
      handler: async (req) => {
        await profile.receiveUpload(req.query, Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0));
        return { error: false as const, msg: 'Uploaded.' };
      },
    });
  });
};
