import { describe, expect, it } from 'vitest';
import { parseEmbedDomains } from './EmbedSection';

describe(parseEmbedDomains.name, () => {
  it('should read one site a line (or comma-separated), drop a trailing slash and flag what is not a site address', () => {
    expect(parseEmbedDomains('https://www.example.com/\n\n https://shop.example.org:8443 ')).toEqual({
      domains: ['https://www.example.com', 'https://shop.example.org:8443'],
      invalid: [],
    });
    expect(parseEmbedDomains('https://a.example, www.b.example, https://c.example/path').invalid).toEqual([
      'www.b.example',
      'https://c.example/path',
    ]);
    expect(parseEmbedDomains('')).toEqual({ domains: [], invalid: [] });
  });
});
