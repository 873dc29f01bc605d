import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { WidgetProviderConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { sandboxWidgetRoutes } from './sandbox-widget/sandbox-widget.routes.ts';
import { wertDataApi } from './wert-data-api.ts';
import { WERT_PROVIDER, WERT_SANDBOX_PROVIDER, type WidgetOrderBook } from './order-book.ts';
import { WidgetPayments } from './widget-payments.service.ts';
import { widgetRoutes } from './widget.routes.ts';

export type WidgetPluginOptions = {
  db: Db;
  orders: WidgetOrderBook;
  widget: WidgetProviderConfig;
  publicUrl: string;
  /** the service (buildWidgetPayments), null when the widget is off */
  service: WidgetPayments | null;
};

/** The widget payments service of this configuration, or null when the widget is off. */
export function buildWidgetPayments(
  d: { db: Db; orders: WidgetOrderBook; widget: WidgetProviderConfig },
  log: FastifyBaseLogger,
): WidgetPayments | null {
  const { widget } = d;
  if (widget.provider === 'off') return null;
  return new WidgetPayments({
    db: d.db,
    orders: d.orders,
    setup: widget,
    provider: widget.provider === 'wert' ? WERT_PROVIDER : WERT_SANDBOX_PROVIDER,
    lookup: widget.provider === 'wert' ? wertDataApi(widget.dataApiUrl, widget.apiKey) : null,
    log,
  });
}

/**
 * Widget payments: the wertio, status and log calls always (starting one answers 503 when the
 * widget is off), the webhook while a provider runs, and the sandbox widget at /sandbox/wert/*
 * only while the sandbox is the provider. Wert and the sandbox share one code path; Wert's
 * completions are also confirmed with its Data API.
 */
export const widgetPaymentsPlugin: FastifyPluginAsync<WidgetPluginOptions> = async (
  app,
  { db, orders, widget, publicUrl, service },
) => {
  app.log.info({ widgetProvider: widget.provider }, 'widget payments');
  await app.register(widgetRoutes, { widget: service, orders, idempotency: { db } });
  if (widget.provider === 'sandbox')
    await app.register(sandboxWidgetRoutes, { prefix: '/sandbox/wert', db, publicUrl, setup: widget });
};
