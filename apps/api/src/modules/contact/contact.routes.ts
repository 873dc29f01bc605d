import { ContactBodySchema, ErrorResponseSchema, MessageResponseSchema } from '@starport/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { contactMessages } from '../../db/schema/index.ts';
import { tooManyRequests } from '../../lib/app-error.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { queueEmail } from '../../mail/queue-email.ts';
import { contactMessageMail } from '../../mail/templates.ts';

/** Per address: a few messages an hour is plenty for a person and useless for a spammer. */
export const CONTACT_LIMIT = [5, 3600] as const;

type ContactDeps = { db: Db; config: Config; limiter: RateLimiter; wakeJobs: () => void };

export const contactRoutes: FastifyPluginAsyncZod<ContactDeps> = async (app, { db, config, limiter, wakeJobs }) => {
  // '' (not '/'): the call is POST /api/contact, as the contract and the OpenAPI document say.
  app.post('', {
    preHandler: app.optionalAuth,
    schema: {
      tags: ['site'],
      summary: 'Contact form: stored and mailed to the operator; 5 an hour per address',
      body: ContactBodySchema,
      response: { 200: MessageResponseSchema, '4xx': ErrorResponseSchema },
    },
    handler: async (req) => {
      const decision = await limiter.hit(`contact:ip:${req.ip}`, ...CONTACT_LIMIT);
      if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds);
      const { name, email, message } = req.body;
      await db.transaction(async (tx) => {
        await tx.insert(contactMessages).values({ name, email, message, ip: req.ip, userId: req.auth?.userId ?? null });
        await queueEmail(tx, 'contact', config.operatorEmail, contactMessageMail({ name, email }, message));
      });
      wakeJobs();
      return { error: false as const, msg: 'Thank you! Your message has been sent. We will get back to you soon.' };
    },
  });
};
