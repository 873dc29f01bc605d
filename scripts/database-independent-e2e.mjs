/**
 * End-to-end files that check what the browser does with the pages (axe, focus, the keyboard,
 * layout at small sizes) on the demo data, which is the same whichever database serves it.
 * `npm test` runs them once per tree, like the type checks and component tests (decision 0057);
 * the journeys that buy, sell, mint, stake and convert run on both databases.
 */
export const DATABASE_INDEPENDENT_E2E = [
  'accessibility.e2e.test.ts',
  'detail-pages-a11y.e2e.test.ts',
  'dialogs-small-screen.e2e.test.ts',
  'focus-return.e2e.test.ts',
  'form-errors.e2e.test.ts',
  'keyboard-journey.e2e.test.ts',
  'sticky-header.e2e.test.ts',
];
