import { options, type VNode } from 'preact';

/**
 * The app runs on Preact through preact/compat (vite.config.ts). Two of React's
 * behaviours that MUI X's date field relies on, and that Preact does otherwise,
 * made typed days come out wrong (01/02/2027 read 01/00/0202 or lost its day and
 * month). This module sets them as React has them; main.tsx imports it first.
 */

/** Preact's internal fields of a vnode (mangled names, stable across Preact 10). */
interface PreactInternals {
  /** The vnode's DOM node. */
  __e?: Node | null;
  /** The vnode's rendered children. */
  __k?: (VNode & PreactInternals)[] | null;
}

/**
 * Effects run right after the render that scheduled them, before the browser's
 * next task, as React runs them after a render caused by a click or a key.
 * Preact's default waits for the next frame, so a `setTimeout(0)` set by the
 * same key press ran first and saw stale refs: the field cleared the day and
 * month it had just been given.
 */
function runEffectsAfterRender(): void {
  options.requestAnimationFrame = (flushEffects) => queueMicrotask(flushEffects);
}

/**
 * An element whose only child is a string gets that string back if someone
 * replaced its text node, as React sets `textContent` for such an element. The
 * date field writes each section's digits itself (`innerHTML`) and expects the
 * next render to correct them; Preact updated its own, detached text node, so
 * the field kept showing stale digits.
 */
function keepRenderedTextInPlace(): void {
  const previousDiffed = options.diffed;
  options.diffed = (vnode) => {
    const { __e: element, __k: children } = vnode as VNode & PreactInternals;
    if (typeof vnode.type === 'string' && element && children?.length === 1) {
      const text = children[0];
      if (text && text.type == null && text.__e && text.__e.parentNode !== element) {
        element.textContent = String(text.props);
        text.__e = element.firstChild;
      }
    }
    previousDiffed?.(vnode);
  };
}

runEffectsAfterRender();
keepRenderedTextInPlace();
