import MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';

/**
 * Waiver texts are written in Markdown by the organization and read by the public. The server turns them into HTML
 * once, the same way for every screen (the registration step, the re-sign page, the admin preview), so no page ships
 * a Markdown parser. Raw HTML in the text is shown as text (`html: false`), images are off (no tracking pixels in a
 * legal text), and markdown-it's link check refuses javascript:, vbscript:, file: and data: addresses.
 */
const md = new MarkdownIt({ html: false, linkify: true, typographer: false, breaks: false }).disable(['image']);

// Links open in a new tab and pass no referrer: leaving the waiver must not lose the form the person is filling in.
const defaultLinkOpen = md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  tokens[idx].attrSet('target', '_blank');
  tokens[idx].attrSet('rel', 'noopener noreferrer nofollow');
  return defaultLinkOpen(tokens, idx, options, env, self);
};

/** The waiver text as safe HTML (escaped text, headings, lists, emphasis, links). */
export function waiverHtml(body: string): string {
  return md.render(body);
}

/** A block of the waiver text for the PDF: pdfkit lays out text, not HTML. */
export interface WaiverBlock {
  kind: 'heading' | 'paragraph' | 'item' | 'quote';
  /** Heading level (1-6), or the list depth of an item (1 = top level). */
  level: number;
  /** '•' or '3.' for a list item, else ''. */
  marker: string;
  text: string;
}

/** The waiver text as plain blocks keeping its structure (headings, paragraphs, numbered and bulleted items). */
export function waiverBlocks(body: string): WaiverBlock[] {
  const tokens = md.parse(body, {});
  const blocks: WaiverBlock[] = [];
  const lists: { ordered: boolean; next: number }[] = [];
  let heading = 0;
  let itemMarker: string | null = null;
  let quote = 0;
  for (const t of tokens) {
    switch (t.type) {
      case 'heading_open':
        heading = Number(t.tag.slice(1));
        break;
      case 'heading_close':
        heading = 0;
        break;
      case 'bullet_list_open':
        lists.push({ ordered: false, next: 1 });
        break;
      case 'ordered_list_open':
        lists.push({ ordered: true, next: Number(t.attrGet('start') ?? 1) });
        break;
      case 'bullet_list_close':
      case 'ordered_list_close':
        lists.pop();
        break;
      case 'list_item_open': {
        const list = lists[lists.length - 1];
        itemMarker = list?.ordered ? `${list.next++}.` : '•';
        break;
      }
      case 'blockquote_open':
        quote += 1;
        break;
      case 'blockquote_close':
        quote -= 1;
        break;
      case 'inline': {
        const text = inlineText(t);
        if (heading) blocks.push({ kind: 'heading', level: heading, marker: '', text });
        else if (itemMarker !== null) {
          blocks.push({ kind: 'item', level: lists.length, marker: itemMarker, text });
          itemMarker = null;
        } else if (lists.length) blocks.push({ kind: 'item', level: lists.length, marker: '', text });
        else blocks.push({ kind: quote ? 'quote' : 'paragraph', level: 0, marker: '', text });
        break;
      }
      case 'fence':
      case 'code_block':
        blocks.push({ kind: 'paragraph', level: 0, marker: '', text: t.content.replace(/\n$/, '') });
        break;
    }
  }
  return blocks;
}

/** An inline run as text: emphasis dropped, a link as "text (address)" when the two differ, line breaks kept. */
function inlineText(t: Token): string {
  let out = '';
  let href: string | null = null;
  let linkText = '';
  for (const c of t.children ?? []) {
    if (c.type === 'link_open') {
      href = c.attrGet('href');
      linkText = '';
    } else if (c.type === 'link_close') {
      out += href && href !== linkText && `mailto:${linkText}` !== href ? `${linkText} (${href})` : linkText;
      href = null;
    } else if (c.type === 'text' || c.type === 'code_inline') {
      if (href !== null) linkText += c.content;
      else out += c.content;
    } else if (c.type === 'softbreak' || c.type === 'hardbreak') {
      const gap = c.type === 'hardbreak' ? '\n' : ' ';
      if (href !== null) linkText += gap;
      else out += gap;
    }
  }
  return out;
}
