/**
 * How long a wait lasts before anything on screen moves, in ms: the loading
 * screen's pulse (and index.html's, which writes the same figure) and the
 * spinners start only after it, and most loads end first. Every frame of an
 * animation is drawn again, and where the browser has no GPU to draw with,
 * that drawing takes the CPU the page's own script needs: Lighthouse on this
 * 2-core machine measured the periods screen's blocking time at 1.8-2.9 s
 * with the loaders moving and 0.8 s with them still, in the same run.
 */
export const LOADING_ANIMATION_DELAY_MS = 800;
