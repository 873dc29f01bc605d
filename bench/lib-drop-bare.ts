// The bare baseline of bench/drop.ts: Fastify and a pg.Pool of the size openDatabase uses, and
// a buy that is one conditional UPDATE and nothing else (no auth, no validation, no order, no
// checkout session). It reads the same body the API reads, so both get the same bytes.
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';

type BuyBody = { ids?: Array<{ id?: string }> };

export async function startDropBare(databaseUrl: string): Promise<{ app: FastifyInstance; pool: pg.Pool }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 20 }); // as openDatabase
  // As openDatabase does: a connection the server ends (the scratch database is dropped WITH
  // FORCE at the end) must not crash the process.
  pool.on('error', () => {});
  const app = Fastify({ logger: false });
  app.post('/buy', async (req, reply) => {
    const id = Number((req.body as BuyBody).ids?.[0]?.id);
    const { rowCount } = await pool.query(
      'UPDATE shop_stock SET stock = stock - 1 WHERE id = $1 AND stock >= 1 RETURNING id',
      [id],
    );
    if (!rowCount) return reply.status(409).send({ error: true, code: 'CONFLICT', msg: 'Sold out.' });
    return { error: false, id };
  });
  return { app, pool };
}
