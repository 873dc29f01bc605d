/**
 * The shop's name, colours and icon, for pages the web app does not render (the sandbox's
 * hosted checkout), so they look like the shop. The web app's own copies (index.html's icon,
 * styles/global.css) are kept equal by a test (apps/web/src/app/brand.test.ts).
 */
export const BRAND_NAME = 'Starport';

export const BRAND_COLOURS = {
  bg: '#070b1a',
  bgRaised: '#0f1530',
  line: '#24305a',
  text: '#e7ecff',
  textMuted: '#9aa6cf',
  accent: '#6ee7ff',
  accent2: '#a78bfa',
  accentInk: '#04101c',
  danger: '#ff6b81',
  success: '#4ade80',
  warning: '#fbbf24',
} as const;

/** The shop's icon (a ringed planet), the favicon of every page. */
export const BRAND_ICON_SVG =
  "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 64 64'>" +
  "<rect width='64' height='64' rx='14' fill='#070b1a'/>" +
  "<circle cx='32' cy='32' r='14' fill='#6ee7ff'/>" +
  "<ellipse cx='32' cy='33' rx='26' ry='7' fill='none' stroke='#a78bfa' stroke-width='4' transform='rotate(-18 32 33)'/>" +
  "<circle cx='13' cy='14' r='2' fill='#fff'/><circle cx='52' cy='50' r='1.5' fill='#fff'/></svg>";
