/**
 * The booking widget: the site's pages under /embed/<organization id>/…, shown in an iframe on the organization's own
 * website by /embed.js. The server lets only the organization's declared sites frame these addresses, so every page
 * the widget reaches keeps the prefix (the router's base) and stays framable there.
 */

/** The message type the page posts its height with; embed.js (backend/src/modules/embed) listens for it. */
export const EMBED_RESIZE_MESSAGE = 'classlane:resize';

const EMBED_PREFIX = /^\/embed\/[^/]+/;

/** The router base of a widget page ('/embed/<id>'), or '' on the ordinary site. */
export function embedBase(pathname: string): string {
  return EMBED_PREFIX.exec(pathname)?.[0] ?? '';
}

/** True inside the widget. */
export const isEmbedded = (): boolean => embedBase(window.location.pathname) !== '';

/**
 * Tells the page that framed the widget how tall its content is, whenever that changes, so the iframe grows and
 * shrinks with it instead of scrolling inside the host's page. Only a height goes out, so any parent may hear it
 * ('*'); embed.js on the parent checks the message comes from Classlane's origin and its own frame.
 */
export function reportHeightToParent(win: Window = window): () => void {
  if (win.parent === win) return () => undefined;
  let last = -1;
  const post = () => {
    // The body's scroll height counts content overflowing it (margins, a last element's overhang) yet, unlike the
    // document's, is not held up at the frame's current height, so the frame can shrink again.
    const body = win.document.body;
    const height = Math.ceil(Math.max(body.scrollHeight, body.getBoundingClientRect().height));
    if (height === last) return;
    last = height;
    win.parent.postMessage({ type: EMBED_RESIZE_MESSAGE, height }, '*');
  };
  const observer = new ResizeObserver(post);
  observer.observe(win.document.body);
  post();
  return () => observer.disconnect();
}
