/**
 * While a crypto payment is between "sent to the wallet" and the server's decision, leaving
 * the page would lose the transaction's hand-over to the server (spec §4: the browser warns on
 * leaving, and a closure is reported). beforeunload asks the browser to confirm; pagehide fires
 * when the page really goes, and calls `onLeave` once. Returns the function that removes both.
 */
export function guardLeaving(onLeave: () => void): () => void {
  let left = false;
  const warn = (event: BeforeUnloadEvent) => {
    event.preventDefault();
    // Chrome before 119 and older Safari show the prompt only when returnValue is set.
    event.returnValue = '';
  };
  const leave = () => {
    if (left) return;
    left = true;
    onLeave();
  };
  window.addEventListener('beforeunload', warn);
  window.addEventListener('pagehide', leave);
  return () => {
    window.removeEventListener('beforeunload', warn);
    window.removeEventListener('pagehide', leave);
  };
}
