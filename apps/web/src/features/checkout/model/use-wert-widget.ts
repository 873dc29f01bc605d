import { useCallback, useEffect, useRef, type RefObject } from 'react';
import type { WidgetSession } from '@starport/schemas';
import { loadWertWidget, type WertOptions, type WertWidgetInstance } from './wert-widget-loader.ts';

/** Spec §9: the widget mounts 1 second after its dialog shows. */
export const WIDGET_MOUNT_DELAY_MS = 1_000;

type Listeners = NonNullable<WertOptions['listeners']>;
export type PaymentStatusData = Parameters<NonNullable<Listeners['payment-status']>>[0];
export type PositionData = Parameters<NonNullable<Listeners['position']>>[0];
export type WidgetErrorData = Parameters<NonNullable<Listeners['error']>>[0];

export type WidgetHandlers = {
  /** every raw event, in order, before its own handler */
  onEvent: (event: string, data?: unknown) => void;
  onLoaded: () => void;
  onPaymentStatus: (data: PaymentStatusData) => void;
  onPosition: (data: PositionData) => void;
  onError: (data: WidgetErrorData) => void;
  /** the payment session is over: the widget closed itself, or close() was called */
  onClosed: () => void;
  /** the initializer could not be fetched */
  onLoadFailed: (error: unknown) => void;
};

const optionsFor = (session: WidgetSession, listeners: Listeners): WertOptions => {
  const signed = session.signedData;
  return {
    partner_id: session.partnerID,
    origin: session.origin,
    click_id: session.click_id,
    commodity: signed.commodity || session.commodity,
    network: signed.network || session.network,
    address: signed.address,
    commodity_amount: Number(signed.commodity_amount),
    sc_address: signed.sc_address,
    sc_input_data: signed.sc_input_data,
    signature: signed.signature,
    lang: 'en',
    theme: 'dark',
    ...(session.item_name ? { extra: { item_info: { name: session.item_name } } } : {}),
    listeners,
  };
};

/** The iframe that open() just appended to <body> (the initializer keeps it private). */
function widgetIframe(): HTMLIFrameElement | null {
  const last = document.body.lastElementChild;
  if (last instanceof HTMLIFrameElement) return last;
  const tagged = document.querySelectorAll<HTMLIFrameElement>('body > iframe[data-version]');
  return tagged.item(tagged.length - 1);
}

/**
 * The v7 initializer always opens its iframe full-screen and fixed, as a child of <body>. It
 * must stay there: moving an iframe in the DOM reloads its page, and the initializer accepts a
 * message only when its source is that iframe's window, so a moved (reloaded) widget would
 * lose its session and be ignored. So the iframe keeps its place and is restyled in place:
 * still fixed, but laid exactly over the dialog's widget area. The area moves without any event
 * saying so (a resize, a scroll, or a notice appearing above it in the centred dialog), so its
 * box is read every animation frame and the iframe moved when it changed. The iframe stays
 * hidden until the widget says it has loaded ("Loading" shows beneath), and takes pointer events
 * back from the modal dialog, which turns them off for everything outside it.
 */
function keepOver(iframe: HTMLIFrameElement, area: HTMLElement, height: number): () => void {
  iframe.style.visibility = 'hidden';
  iframe.style.pointerEvents = 'auto';
  iframe.style.right = 'auto';
  iframe.style.bottom = 'auto';
  let placed = '';
  const place = () => {
    const rect = area.getBoundingClientRect();
    // A short screen makes the area shorter than asked for; unmeasured (no layout) it is the spec's.
    const box = [rect.top, rect.left, rect.width, rect.height > 0 ? rect.height : height];
    const key = box.join();
    if (key === placed) return;
    placed = key;
    const [top, left, width, tall] = box.map((n) => `${n}px`);
    Object.assign(iframe.style, { top, left, width, height: tall });
  };
  place();
  if (typeof requestAnimationFrame !== 'function') return () => {};
  let frame = 0;
  const follow = () => {
    place();
    frame = requestAnimationFrame(follow);
  };
  frame = requestAnimationFrame(follow);
  return () => cancelAnimationFrame(frame);
}

/**
 * Runs one widget payment session over `area`: WIDGET_MOUNT_DELAY_MS after mounting it loads
 * the initializer, opens the widget and routes its events to `handlers`. `close()` ends the
 * session (the widget's own close ends it too); unmounting closes the widget quietly.
 */
export function useWertWidget(
  session: WidgetSession,
  area: RefObject<HTMLElement | null>,
  height: number,
  handlers: WidgetHandlers,
): { close: () => void } {
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
  });
  const closeRef = useRef<() => void>(() => {});

  useEffect(() => {
    let widget: WertWidgetInstance | null = null;
    let iframe: HTMLIFrameElement | null = null;
    let ended = false;
    let stopTracking = () => {};
    const end = (notify: boolean) => {
      if (ended) return;
      ended = true;
      stopTracking();
      if (notify) handlersRef.current.onClosed();
    };
    // Events of an ended session (e.g. while it closes) change nothing.
    const live =
      <A extends unknown[]>(name: string, handle: (...args: A) => void) =>
      (...args: A) => {
        if (ended) return;
        handlersRef.current.onEvent(name, args[0]);
        handle(...args);
      };
    const listeners: Listeners = {
      loaded: live('loaded', () => {
        if (iframe) iframe.style.visibility = '';
        handlersRef.current.onLoaded();
      }),
      'payment-status': live('payment-status', (data: PaymentStatusData) => handlersRef.current.onPaymentStatus(data)),
      position: live('position', (data: PositionData) => handlersRef.current.onPosition(data)),
      error: live('error', (data: WidgetErrorData) => handlersRef.current.onError(data)),
      'rate-update': live('rate-update', () => {}),
      close: live('close', () => end(true)),
    };

    const timer = setTimeout(() => {
      loadWertWidget()
        .then((WertWidget) => {
          const target = area.current;
          if (ended || !target) return;
          widget = new WertWidget(optionsFor(session, listeners));
          widget.open();
          iframe = widgetIframe();
          if (iframe) stopTracking = keepOver(iframe, target, height);
        })
        .catch((error: unknown) => {
          if (!ended) handlersRef.current.onLoadFailed(error);
        });
    }, WIDGET_MOUNT_DELAY_MS);

    // The initializer's close() removes its iframe and calls listeners.close, which ends the session.
    const closeWidget = (current: WertWidgetInstance) => {
      try {
        current.close();
      } catch (error) {
        console.warn('The widget was already gone', error);
      }
    };
    closeRef.current = () => {
      clearTimeout(timer);
      if (widget && !ended) closeWidget(widget);
      end(true);
    };
    return () => {
      clearTimeout(timer);
      const open = widget !== null && !ended;
      end(false);
      if (open) closeWidget(widget!);
    };
  }, [session, area, height]);

  const close = useCallback(() => closeRef.current(), []);
  return { close };
}
