import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { constants } from 'node:zlib';

/**
 * Compresses answers of 1 KB and more for clients that accept it: brotli, else gzip. A list
 * page of the marketplace is ~27 KB of JSON and ~3 KB compressed (issue 21); a phone on a slow
 * network waits for bytes, not for our CPU.
 *
 * Brotli at quality 4 (text mode): on JSON of this size it is about as fast as gzip at level 6
 * and smaller. The web build's files are compressed once at build time (precompress.mjs) and
 * carry their Content-Encoding already, which this hook leaves alone. Images are not
 * compressible types and pass through. Requests are not decompressed: the API takes plain JSON.
 */
export const compressionPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(fastifyCompress, {
      global: true,
      globalDecompression: false,
      threshold: 1024,
      encodings: ['br', 'gzip'],
      brotliOptions: {
        params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 4 },
      },
      zlibOptions: { level: 6 },
    });
  },
  { name: 'compression' },
);
