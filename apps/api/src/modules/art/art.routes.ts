import { ErrorResponseSchema, IMAGE_SIZES } from '@starport/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseArtKey } from './art-key.ts';
import { ArtService, type ArtServiceOptions } from './art.service.ts';

const ArtParams = z.object({
  kind: z.string().describe('ship, unit, blindbox, dnc or penguin'),
  key: z.string().describe('ship: {element}-{rarity}-{seed}; unit: 1..5; blindbox: frontier; dnc: {amount}; penguin: {rarity}-{seed}'),
});
const ArtQuery = z.object({
  resize: z.enum(IMAGE_SIZES, { error: `Image size must be one of ${IMAGE_SIZES.join(', ')}.` }).default('800x800'),
  format: z.enum(['webp', 'svg'], { error: 'Image format must be webp or svg.' }).default('webp'),
});

// A path always draws the same picture, so browsers and proxies may keep it for good.
const IMMUTABLE = 'public, max-age=31536000, immutable';
// An SVG opened on its own is a document: nothing in it may run or load.
const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'";

/** GET /images/v1/{kind}/{key}?resize=WxH: generated art as WebP (or the SVG itself with format=svg). */
export const artRoutes: FastifyPluginAsyncZod<ArtServiceOptions> = async (app, opts) => {
  const art = new ArtService(opts, app.log);
  app.get('/:kind/:key', {
    schema: {
      tags: ['site'],
      summary: 'Generated art for a ship, unit, blind box, DNC pack or penguin (WebP, or SVG with format=svg)',
      params: ArtParams,
      querystring: ArtQuery,
      response: {
        200: z.custom<Buffer>().describe('The image: image/webp, or image/svg+xml with format=svg'),
        304: z.undefined().describe('Not modified (If-None-Match)'),
        '4xx': ErrorResponseSchema,
        503: ErrorResponseSchema,
      },
    },
    handler: async (req, reply) => {
      const request = parseArtKey(req.params.kind, req.params.key);
      const image = req.query.format === 'svg' ? art.svg(request) : await art.webp(request, req.query.resize);
      reply.header('cache-control', IMMUTABLE).header('etag', image.etag);
      if (image.type === 'image/svg+xml') reply.header('content-security-policy', SVG_CSP);
      if (matchesEtag(req.headers['if-none-match'], image.etag)) return reply.status(304).send();
      return reply.type(image.type).send(image.body);
    },
  });
};

/** If-None-Match holds a list of tags, possibly weak (W/"…"), or *. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}
