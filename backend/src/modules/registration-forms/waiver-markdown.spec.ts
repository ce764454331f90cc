import { describe, expect, it } from '@jest/globals';
import { waiverBlocks, waiverHtml } from './waiver-markdown';

const TEXT = [
  '# Kiln safety',
  '',
  'I **agree** that <script>alert(1)</script> kilns are *hot*.',
  '',
  '1. Wear closed shoes',
  '2. Tie long hair back, see [the rules](https://studio.example/rules)',
  '',
  '- Never open a firing kiln',
  '  - not even a little',
  '',
  '[click](javascript:alert(1)) ![pixel](https://tracker.example/p.png) <img src=x onerror=alert(1)>',
].join('\n');

describe('waiver Markdown', () => {
  it('should render headings, emphasis, lists and safe links, and show raw HTML, scripts and images as text only', () => {
    const html = waiverHtml(TEXT);
    expect(html).toContain('<h1>Kiln safety</h1>');
    expect(html).toContain('I <strong>agree</strong> that &lt;script&gt;alert(1)&lt;/script&gt; kilns are <em>hot</em>.');
    expect(html).toContain('<ol>\n<li>Wear closed shoes</li>');
    expect(html).toContain('<a href="https://studio.example/rules" target="_blank" rel="noopener noreferrer nofollow">the rules</a>');
    expect(html).not.toMatch(/<script|<img|href="javascript:|onerror=alert\(1\)>/);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('should give the PDF the text as blocks that keep its structure', () => {
    expect(waiverBlocks(TEXT)).toEqual([
      { kind: 'heading', level: 1, marker: '', text: 'Kiln safety' },
      { kind: 'paragraph', level: 0, marker: '', text: 'I agree that <script>alert(1)</script> kilns are hot.' },
      { kind: 'item', level: 1, marker: '1.', text: 'Wear closed shoes' },
      { kind: 'item', level: 1, marker: '2.', text: 'Tie long hair back, see the rules (https://studio.example/rules)' },
      { kind: 'item', level: 1, marker: '•', text: 'Never open a firing kiln' },
      { kind: 'item', level: 2, marker: '•', text: 'not even a little' },
      expect.objectContaining({ kind: 'paragraph' }),
    ]);
  });
});
