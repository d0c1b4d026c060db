import { options } from 'preact';

/*
 * Preact runs `useEffect` callbacks after the next frame (requestAnimationFrame, then a timeout);
 * React runs them soon after the commit, and libraries written for React count on it. The editor's
 * hook (@tiptap/react) destroys its editor 1 ms after creating it unless the component's effect has
 * run by then: with Preact's timing the editor was destroyed and made again on every mount, and the
 * page's own effects saw the destroyed one. A microtask after the commit runs every effect before
 * any timer (docs/decisions/048).
 */
options.requestAnimationFrame = (flushEffects) => queueMicrotask(flushEffects);
