import type { Options as WertOptions } from '@wert-io/widget-initializer/types';

export type { WertOptions };

/** The part of the initializer's WertWidget that checkout uses. */
export type WertWidgetInstance = { open(): void; close(): void };
export type WertWidgetClass = new (options: WertOptions) => WertWidgetInstance;

// The initializer is fetched only when a player starts a widget payment, never with the first
// page (it carries the provider's addresses and is of no use to anyone else).
const loadInitializer = async (): Promise<WertWidgetClass> => {
  const module = (await import('@wert-io/widget-initializer')) as unknown as { default?: WertWidgetClass };
  // A CommonJS `export =`: bundlers hand it over as the default export.
  return module.default ?? (module as unknown as WertWidgetClass);
};

let standIn: WertWidgetClass | null = null;

export const loadWertWidget = (): Promise<WertWidgetClass> => (standIn ? Promise.resolve(standIn) : loadInitializer());

/**
 * The one seam of the widget tests: jsdom cannot load the provider's page, so tests put a
 * class with the initializer's contract here (null puts the real one back).
 */
export function setWertWidgetClassForTests(widgetClass: WertWidgetClass | null): void {
  standIn = widgetClass;
}
