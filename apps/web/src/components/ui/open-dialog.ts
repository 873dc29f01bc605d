/** Any modal the app shows (ours, the wallet's, the widget's): they all carry one of these roles. */
export const DIALOG_SELECTOR = '[role="dialog"], [role="alertdialog"]';

/** True while a dialog is open: page-level keyboard and focus moves stand back. */
export const dialogIsOpen = (): boolean => document.querySelector(DIALOG_SELECTOR) !== null;

/** True when `target` is inside a dialog. */
export const isInDialog = (target: Element): boolean => Boolean(target.closest?.(DIALOG_SELECTOR));
