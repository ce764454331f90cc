import { Controller, Get } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Public } from '../../common/auth/roles';
import { RawReply } from '../../common/http/envelope.interceptor';
import type { AllConfigType } from '../../config/config.type';
import { ApiRawReply } from '../../common/openapi/api-envelope';
import { ClassesService } from '../classes/classes.service';
import { OrganizationsService } from '../organizations/organizations.service';

// Every indexable public page of the public site's SEO keys (public-site/src/lib/seo.ts); noindex pages stay out.
const STATIC_PATHS = [
  '/',
  '/pricing',
  '/senior-centers',
  '/community-colleges',
  '/about-us',
  '/contact-us',
  '/help',
  '/accessibility',
  '/terms',
  '/privacy',
  '/teacher-terms',
  '/teacher-privacy',
  '/use-cases/education-training',
  '/use-cases/fitness-wellness',
  '/use-cases/arts-crafts',
  '/use-cases/community-programs',
];
const xmlEscape = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** sitemap.xml and robots.txt: marketing pages, every organization page and every public class. */
@Public()
@Controller()
export class SeoController {
  constructor(
    private readonly orgs: OrganizationsService,
    private readonly classes: ClassesService,
    private readonly config: ConfigService<AllConfigType>,
  ) {}

  @ApiRawReply(
    'application/xml',
    '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">…</urlset>',
  )
  @Get('sitemap.xml')
  async sitemap() {
    const base = this.config.getOrThrow('app', { infer: true }).publicUrl;
    const orgs = await this.orgs.listForSitemap(5000);
    const classes = await this.classes.listForSitemap(20000);
    const url = (loc: string, lastmod?: Date) =>
      `  <url><loc>${xmlEscape(base + loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...STATIC_PATHS.map((p) => url(p)),
      ...orgs.map((o) => url(`/org/${o.id}`, o.updatedAt)),
      ...classes.map((c) => url(`/class/${c.id}?organizationId=${c.organizationId}`, c.updatedAt)),
      '</urlset>',
    ].join('\n');
    return new RawReply(body, 'application/xml; charset=utf-8');
  }

  @ApiRawReply('text/plain', 'User-agent: *\nAllow: /\nDisallow: /admin\n…')
  @Get('robots.txt')
  robots() {
    const base = this.config.getOrThrow('app', { infer: true }).publicUrl;
    const body = [
      'User-agent: *',
      'Allow: /',
      'Disallow: /admin',
      'Disallow: /teacher',
      'Disallow: /it-admin',
      'Disallow: /api/',
      'Disallow: /signin',
      // The booking widget's framed copies of the organization pages: the originals are the ones to index.
      'Disallow: /embed/',
      `Sitemap: ${base}/sitemap.xml`,
      '',
    ].join('\n');
    return new RawReply(body, 'text/plain; charset=utf-8');
  }
}
