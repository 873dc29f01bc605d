import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HOLDING_ATTRIBUTE, HYDRATED_EVENT, holdEarlyPresses, type HoldOptions } from './early-press.ts';

const options: HoldOptions = { renderAfreshKeys: ['jwt', 'cart'], hydratedEvent: HYDRATED_EVENT, attribute: HOLDING_ATTRIBUTE };

/** The prerendered page's controls, with handlers standing in for the app's once hydrated. */
function page() {
  document.body.innerHTML = `
    <button id="menu" aria-expanded="false" aria-controls="panel">Menu</button>
    <div id="panel"><button id="connect">Connect wallet</button><a id="market" href="#market">Market</a></div>`;
  const pressed: string[] = [];
  document.body.addEventListener('click', (event) => {
    const id = (event.target as Element).closest('[id]')?.id;
    if (id) pressed.push(id);
  });
  const byId = (id: string) => document.getElementById(id) as HTMLElement;
  return { pressed, menu: byId('menu'), connect: byId('connect'), market: byId('market') };
}

const hydrated = () => document.dispatchEvent(new Event(HYDRATED_EVENT));

describe('holdEarlyPresses (the prerendered landing before hydration)', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  afterEach(() => {
    hydrated(); // a holder left by a test lets go
    document.body.innerHTML = '';
  });

  it('holds a press on a button and plays it on the same node once the app has hydrated', () => {
    const { pressed, connect } = page();
    expect(holdEarlyPresses(document, options)).toBe(true);
    expect(document.documentElement.hasAttribute(HOLDING_ATTRIBUTE)).toBe(true);
    const press = new MouseEvent('click', { bubbles: true, cancelable: true });
    connect.dispatchEvent(press);
    expect(press.defaultPrevented).toBe(true);
    expect(pressed).toEqual([]);

    hydrated();
    expect(pressed).toEqual(['connect']);
    expect(document.documentElement.hasAttribute(HOLDING_ATTRIBUTE)).toBe(false);
    // let go: a later press goes straight through, once
    connect.click();
    hydrated();
    expect(pressed).toEqual(['connect', 'connect']);
  });

  it('plays the presses in order, focusing what had focus, and shows an expanded Menu meanwhile', () => {
    const { pressed, menu, connect } = page();
    holdEarlyPresses(document, options);
    menu.focus();
    menu.click();
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    connect.focus();
    connect.click();
    const focused: string[] = [];
    document.addEventListener('focusin', (event) => focused.push((event.target as Element).id));

    hydrated();
    expect(pressed).toEqual(['menu', 'connect']);
    expect(focused).toEqual(['menu', 'connect']);
    expect(document.activeElement).toBe(connect);
    // React's render of the played press sets it; the holder's own mark is taken back
    expect(menu.getAttribute('aria-expanded')).toBe('false');
  });

  it('leaves links to navigate, and drops a press whose node a fresh render removed', () => {
    const { pressed, market, connect } = page();
    holdEarlyPresses(document, options);
    const follow = new MouseEvent('click', { bubbles: true, cancelable: true });
    market.dispatchEvent(follow);
    expect(follow.defaultPrevented).toBe(false);
    expect(pressed).toEqual(['market']);
    connect.click();
    connect.remove();
    hydrated();
    expect(pressed).toEqual(['market']);
  });

  it('keeps at most the last four presses', () => {
    const { pressed, connect } = page();
    holdEarlyPresses(document, options);
    for (let i = 0; i < 6; i += 1) connect.click();
    hydrated();
    expect(pressed).toHaveLength(4);
  });

  it('holds nothing when the app will draw afresh: a stored session or cart', () => {
    const { pressed, connect } = page();
    sessionStorage.setItem('jwt', 'token');
    expect(holdEarlyPresses(document, options)).toBe(false);
    sessionStorage.clear();
    localStorage.setItem('cart', '{"version":1,"items":[]}');
    expect(holdEarlyPresses(document, options)).toBe(false);
    connect.click();
    expect(pressed).toEqual(['connect']);
    expect(document.documentElement.hasAttribute(HOLDING_ATTRIBUTE)).toBe(false);
  });

  it('holds nothing when the address has a query', () => {
    const search = vi.spyOn(window, 'location', 'get').mockReturnValue({ search: '?code=abc' } as Location);
    expect(holdEarlyPresses(document, options)).toBe(false);
    search.mockRestore();
  });
});
