import { z } from 'zod';

export const SiteSettingResponseSchema = z.object({
  error: z.literal(false),
  /** 1: buying is available */
  sale_program: z.union([z.literal(0), z.literal(1)]),
  /** 1: home is the landing page; 2: home is the marketplace */
  home_version: z.number().int(),
});
export type SiteSetting = z.infer<typeof SiteSettingResponseSchema>;

export const TosResponseSchema = z.object({
  error: z.literal(false),
  data: z.object({ content: z.string() }),
});

export const CreditTotalResponseSchema = z.object({
  error: z.literal(false),
  /** land credit balance in whole credits */
  amount: z.number(),
});

export const ContactBodySchema = z.strictObject({
  name: z.string({ error: 'Please enter your name.' }).trim().min(1, { error: 'Please enter your name.' }).max(100),
  email: z
    .string({ error: 'Please enter your e-mail.' })
    .trim()
    .max(254)
    .pipe(z.email({ error: 'Please enter a valid e-mail address.' })),
  message: z
    .string({ error: 'Please enter a message.' })
    .trim()
    .min(1, { error: 'Please enter a message.' })
    .max(5000, { error: 'Your message is too long (5000 characters at most).' }),
});
export type ContactBody = z.infer<typeof ContactBodySchema>;

export const HealthResponseSchema = z.object({ ok: z.boolean(), db: z.boolean() });

export type TosResponse = z.infer<typeof TosResponseSchema>;
export type CreditTotalResponse = z.infer<typeof CreditTotalResponseSchema>;
export type HealthResponse = z.infer<typeof HealthResponseSchema>;
