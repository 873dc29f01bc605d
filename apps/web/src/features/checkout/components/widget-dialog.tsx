import * as RadixDialog from '@radix-ui/react-dialog';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DialogActions } from '../../../components/ui/dialog.tsx';
import { useFocusReturn } from '../../../components/ui/focus-return.ts';
import { LoadingBlock } from '../../../components/ui/spinner.tsx';
import type { WidgetSession } from '@starport/schemas';
import { saleStateOf, useSaleStatus } from '../api/get-sale-status.ts';
import { logWidgetEvent, reportPaymentStatus, type WidgetFlow } from '../api/report-payment-status.ts';
import { widgetFlowOf, type CheckoutPurchase } from '../model/checkout-purchase.ts';
import { WIDGET_FAILED, WIDGET_PENDING } from '../model/messages.ts';
import { PaymentErrorAlert } from './payment-error.tsx';
import { SaleNotice } from './sale-notice.tsx';
import { usePayByCard } from '../model/use-pay-by-card.ts';
import { useWertWidget, type WidgetHandlers } from '../model/use-wert-widget.ts';
import { reactionToError, reactionToPaymentStatus, reactionToPosition, type WidgetScreen } from '../model/widget-events.ts';
import './widget-dialog.css';

/** Spec §4, §9: after the widget's success the dialog closes 3 seconds later. */
export const WIDGET_SUCCESS_CLOSE_MS = 3_000;

/** Spec §9: the widget's height, taller on the item page (500 for the shop and the top-up). */
export const WIDGET_HEIGHT = { cart: 500, item: 600, land_credit: 500 } as const satisfies Record<WidgetFlow, number>;

type WidgetDialogProps = {
  session: WidgetSession;
  purchase: CheckoutPurchase;
  /** the widget reported success and the dialog closed (3 s later, or when the widget closed) */
  onSucceeded: () => void;
  /** the payment session ended without a success: the widget or the player closed it */
  onEnded: () => void;
};

/**
 * The fiat-to-crypto widget in a dialog (spec §2, §4): "Loading" until the widget has loaded,
 * every widget event reported to the server, the pending and failure texts, the card payment
 * offered when the widget fails, and success closing the dialog 3 seconds later.
 */
export default function WidgetDialog({ session, purchase, onSucceeded, onEnded }: WidgetDialogProps) {
  const flow = widgetFlowOf(purchase);
  const height = WIDGET_HEIGHT[flow];
  const area = useRef<HTMLDivElement>(null);
  const [loaded, setLoaded] = useState(false);
  const [screen, setScreen] = useState<WidgetScreen>('paying');
  const [errorMessage, setErrorMessage] = useState<string | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const succeeded = useRef(false);
  const sale = saleStateOf(useSaleStatus());
  const card = usePayByCard(purchase);
  const { tid } = session;
  // Nothing the widget says after its success takes the success (and its 3 s close) back.
  const show = (next: WidgetScreen) => setScreen((current) => (current === 'success' ? current : next));

  const handlers: WidgetHandlers = {
    onEvent: (event, data) => {
      if (flow === 'cart') void logWidgetEvent(tid, event, data);
    },
    onLoaded: () => setLoaded(true),
    onPaymentStatus: (data) => {
      const reaction = reactionToPaymentStatus(String(data?.status ?? ''));
      if (reaction.report) void reportPaymentStatus(flow, { tid, ...reaction.report, payload: data });
      if (reaction.screen === 'success') succeeded.current = true;
      show(reaction.screen);
    },
    onPosition: (data) => void reportPaymentStatus(flow, { tid, ...reactionToPosition(), payload: data }),
    onError: (data) => {
      void reportPaymentStatus(flow, { tid, ...reactionToError(), payload: data, content: data?.message });
      setErrorMessage(data?.message || null);
      show('error');
    },
    onClosed: () => (succeeded.current ? onSucceeded() : onEnded()),
    onLoadFailed: (error) => {
      console.warn('The payment widget could not be loaded', error);
      setLoadFailed(true);
    },
  };
  const widget = useWertWidget(session, area, height, handlers);

  // Success: the widget shows its own receipt for 3 s, then the session closes.
  const { close } = widget;
  useEffect(() => {
    if (screen !== 'success') return;
    const timer = setTimeout(close, WIDGET_SUCCESS_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [screen, close]);

  const failed = screen === 'failed' || screen === 'error' || loadFailed;
  const focusReturn = useFocusReturn(true);

  // The player pressed the widget's own buttons, so focus is inside its iframe, where Escape
  // never reaches this dialog. On a failure focus comes back here, to the next step (pay by
  // card) or the dialog itself: Escape closes it and a keyboard user is where the news is.
  const content = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!failed) return;
    const next = content.current?.querySelector<HTMLElement>('[data-failure-action]:not(:disabled)');
    // Without scrolling: the notices show the failure from its first line.
    (next ?? content.current)?.focus({ preventScroll: true });
  }, [failed]);

  return (
    <RadixDialog.Root open onOpenChange={(open) => !open && close()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog__overlay" />
        <RadixDialog.Content
          ref={content}
          className="dialog__content widget-dialog"
          {...focusReturn}
          aria-describedby={undefined}
          // A stray click beside the dialog must not end a payment; Close and Escape do.
          onInteractOutside={(event) => event.preventDefault()}
        >
          <RadixDialog.Title className="dialog__title">Pay with Wert</RadixDialog.Title>
          {/* The notices scroll on their own and the widget's area gives up height before Close
              does: on a short screen (360 × 640) Close stays on screen (widget-dialog.css). */}
          <div className="widget-dialog__notices">
            {screen === 'pending' && <Alert tone="warning">{WIDGET_PENDING}</Alert>}
            {failed && (
              <Alert tone="error" title={WIDGET_FAILED}>
                {loadFailed ? <p>The payment widget could not be loaded.</p> : errorMessage && <p>{errorMessage}</p>}
                <p>You can pay by card through our card payment provider instead.</p>
                <Button onClick={card.pay} loading={card.busy} disabled={sale !== 'open'} data-failure-action>
                  Pay by card instead
                </Button>
              </Alert>
            )}
            {card.error && <PaymentErrorAlert error={card.error} />}
            {failed && <SaleNotice sale={sale} />}
          </div>
          <div
            ref={area}
            className="widget-dialog__area"
            style={{ flexBasis: height, maxHeight: height }}
            data-testid="widget-area"
            aria-busy={!loaded || undefined}
          >
            {!loaded && !loadFailed && <LoadingBlock label="Loading…" />}
          </div>
          <DialogActions>
            <Button variant="secondary" onClick={close} disabled={card.leaving}>
              Close
            </Button>
          </DialogActions>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
