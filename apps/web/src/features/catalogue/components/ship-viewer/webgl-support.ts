/**
 * Whether this browser can draw WebGL at all, asked before the 3D chunk is fetched so a
 * player without it downloads nothing and reads an honest message instead.
 */
export function canUseWebGL(): boolean {
  // No WebGL API at all (old browsers, jsdom): don't even create a canvas.
  if (typeof window === 'undefined' || typeof window.WebGLRenderingContext === 'undefined') return false;
  try {
    const canvas = document.createElement('canvas');
    const gl = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
    if (!gl) return false;
    // Browsers cap live contexts; this probe must not keep one.
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return true;
  } catch {
    return false;
  }
}

/** True when the player asked the system for less motion: the ship then never spins by itself. */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}
