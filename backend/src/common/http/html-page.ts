/**
 * The small server-rendered pages a link in an email opens (unsubscribe, rating): no sign-in, no app bundle, one
 * look. A link's GET only shows one of these with a button; the button's POST does the change, so a mail scanner
 * or a link preview that opens every link changes nothing.
 */

/** Text or an attribute value safe inside HTML. */
export const escapeHtml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** `title` is text (escaped here); `body` is HTML the caller built, with every value in it escaped. */
export function htmlPage(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:Arial,Helvetica,sans-serif;max-width:560px;margin:64px auto;padding:0 16px;color:#1f2933}button{font-size:16px;padding:10px 20px;background:#15385F;color:#fff;border:0;border-radius:6px;cursor:pointer}form{display:inline-block;margin:0 8px 8px 0}button.other{background:#fff;color:#15385F;border:2px solid #15385F;padding:8px 16px}</style>
</head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}

export const HTML = 'text/html; charset=utf-8';
