import type { Order, OrderLineRequest } from '@starport/schemas';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { readSettingRecent } from '../../db/settings.ts';
import { AppError, forbidden } from '../../lib/app-error.ts';
import { isDatabaseUnavailable } from '../../lib/db-errors.ts';
import { runSteps, type Step } from '../../lib/workflow.ts';
import type { PaymentOrderBook } from './order-book.ts';

/** Every way to pay answers this while sales are closed (site setting sale_program is not 1). */
export const SALES_CLOSED_MSG = 'Buying is closed at the moment. Please try again when the sale opens.';

/** How old the sale_program a purchase goes by may be: an operator's close from the CLI takes this long. */
const SALE_PROGRAM_MAX_AGE_MS = 1000;

export type OpenedOrder = Order & { id: number };
type Method = Order['method'];

/** What a provider opened for an order: the id the order records, and what the browser is answered. */
export type OpenedSession<Answer> = { sessionId: string; answer: Answer };

export type SessionContext<Prepared> = {
  userId: string;
  prepared: Prepared;
  /** what the provider asked the stock to be held until */
  requestedHold: Date;
  /** the order's expiry as it now is (never sooner than requested) */
  heldUntil: Date;
};

/**
 * One way to pay, as the start-payment workflow needs it. A new product or provider is a new
 * description of this shape (and, in orders, of its lines), not another copy of the workflow.
 */
export interface PaymentProvider<M extends Method, Prepared, Answer> {
  /** the order's payment method */
  readonly method: M;
  /** what the order records as the provider of its session (orders.provider) */
  readonly providerName: string;
  readonly texts: {
    /** internal errors (logged): the order closed before the hold, before the attach */
    notHeld: string;
    notAttached: string;
    /** the log line and the order's failure reason when the start failed after reserving */
    logLine: string;
    failReason: string;
    /** the 502's sentence for the player */
    answer502: string;
  };
  /** Before anything is reserved: what must be known or checked first; its refusals take no stock. */
  prepare?(userId: string): Promise<Prepared>;
  /**
   * How long a new order should hold its stock at least, asked before it opens, so that the
   * hold below usually needs no second write (card: the provider's minimum session life).
   */
  minimumHold?(): Date;
  /** How long the order must hold its stock: as long as its session can be paid. */
  holdUntil(order: OpenedOrder, prepared: Prepared): Date;
  openSession(order: OpenedOrder, ctx: SessionContext<Prepared>): Promise<OpenedSession<Answer>>;
  /** After the session is attached: what exists only for an attached session (crypto: its payment row). */
  recordSession?(order: OpenedOrder, session: OpenedSession<Answer>, ctx: SessionContext<Prepared>): Promise<void>;
}

export type StartPaymentDeps<M extends Method> = {
  db: Db;
  orders: Pick<PaymentOrderBook<M>, 'openOrder' | 'holdUntil' | 'attachSession' | 'fail'>;
  log: FastifyBaseLogger;
};

type StartState<Prepared, Answer> = {
  readonly userId: string;
  readonly lines: OrderLineRequest[];
  prepared?: Prepared;
  order?: OpenedOrder;
  ctx?: SessionContext<Prepared>;
  session?: OpenedSession<Answer>;
};

const RESERVE = 'reserve stock';

/** A later step reads what an earlier one left; missing, the steps are in the wrong order. */
function ready<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`start-payment: ${what} is not there yet`);
  return value;
}

/**
 * The start-payment workflow, one for every way to pay:
 *   check sale open → prepare (provider) → reserve stock (undo: fail the order, which releases
 *   it) → hold until → open session (provider) → attach session → record session (provider).
 * A refusal before the reserve is thrown as it is and takes nothing. Any failure after it
 * gives the stock back at once (nobody can pay this order) and answers the provider's 502.
 */
export async function startPayment<M extends Method, Prepared, Answer>(
  d: StartPaymentDeps<M>,
  provider: PaymentProvider<M, Prepared, Answer>,
  userId: string,
  lines: OrderLineRequest[],
): Promise<Answer> {
  const { texts } = provider;
  const steps: Step<StartState<Prepared, Answer>>[] = [
    {
      name: 'check sale open',
      // The same rule as GET /site/setting: buying is open only while sale_program is 1. Read at
      // most once a second: in a drop every buyer asks (decision 0062).
      run: async () => {
        if ((await readSettingRecent(d.db, 'sale_program', SALE_PROGRAM_MAX_AGE_MS)) !== 1) throw forbidden(SALES_CLOSED_MSG);
      },
    },
    {
      name: 'prepare',
      run: async (s) => {
        s.prepared = provider.prepare ? await provider.prepare(userId) : (undefined as Prepared);
      },
    },
    {
      name: RESERVE,
      run: async (s) => {
        s.order = await d.orders.openOrder(userId, lines, provider.method, { holdAtLeast: provider.minimumHold?.() });
      },
      undo: async (s) => {
        await d.orders.fail(ready(s.order, 'the order').id, texts.failReason);
      },
    },
    {
      name: 'hold until',
      run: async (s) => {
        const order = ready(s.order, 'the order');
        const prepared = s.prepared as Prepared;
        const requestedHold = provider.holdUntil(order, prepared);
        // The order must hold its stock as long as its session can be paid. An order opened
        // with that hold already has it; one closed since then is refused when attached.
        const opensLongEnough = requestedHold.getTime() <= Date.parse(order.expires_at);
        const heldUntil = opensLongEnough ? new Date(order.expires_at) : await d.orders.holdUntil(order.id, requestedHold);
        if (!heldUntil) throw new Error(texts.notHeld);
        s.ctx = { userId, prepared, requestedHold, heldUntil };
      },
    },
    {
      name: 'open session',
      run: async (s) => {
        s.session = await provider.openSession(ready(s.order, 'the order'), ready(s.ctx, 'the hold'));
      },
    },
    {
      name: 'attach session',
      run: async (s) => {
        const order = ready(s.order, 'the order');
        if (!(await d.orders.attachSession(order.id, provider.providerName, ready(s.session, 'the session').sessionId)))
          throw new Error(texts.notAttached);
      },
    },
    {
      name: 'record session',
      run: async (s) => {
        await provider.recordSession?.(ready(s.order, 'the order'), ready(s.session, 'the session'), ready(s.ctx, 'the hold'));
      },
    },
  ];

  const state: StartState<Prepared, Answer> = { userId, lines };
  let reserved = false;
  try {
    await runSteps(steps, state, {
      onFailure: ({ undone, error }) => {
        reserved = undone.includes(RESERVE);
        if (reserved) d.log.error({ err: error, order: state.order?.code }, texts.logLine);
      },
    });
  } catch (err) {
    // A database blip is answered 503 (try again) by the error handler. If it also stopped the
    // undo, the order's unattached-session job gives the stock back within minutes (orders).
    if (!reserved || isDatabaseUnavailable(err)) throw err;
    // The order was failed above and its stock given back now rather than at expiry.
    throw new AppError('INTERNAL', 502, texts.answer502);
  }
  return ready(state.session, 'the session').answer;
}
