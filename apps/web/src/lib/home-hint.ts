/**
 * The home_version the server wrote into a prerendered `/` (`<meta name="starport-home">`,
 * decision 0073), so the first render draws the page the HTML already shows instead of a
 * placeholder until GET /site/setting answers. Undefined on any other page.
 */
let hint: number | undefined =
  typeof document === 'undefined'
    ? undefined
    : Number(document.querySelector('meta[name="starport-home"]')?.getAttribute('content')) || undefined;

export const homeVersionHint = (): number | undefined => hint;

/** Set by the build-time prerender (and tests): the page it draws. */
export const setHomeVersionHint = (value: number | undefined): void => {
  hint = value;
};
