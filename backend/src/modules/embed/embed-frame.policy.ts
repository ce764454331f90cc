import { Injectable } from '@nestjs/common';
import { OrganizationsService } from '../organizations/organizations.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The widget's pages: /embed/<organization id>, then any public page of the site (the list, a class, registration). */
export const EMBED_PAGE = /^\/embed\/([^/?#]+)(?:\/|$)/;

/**
 * Which sites may frame a page. Every page may be framed by Classlane itself only ('self' in the default
 * Content-Security-Policy, and X-Frame-Options SAMEORIGIN). The widget's pages of one organization may also be
 * framed by the HTTPS origins that organization declared in its embed domains; nothing else ever widens it, so
 * the admin app, other organizations' pages and undeclared sites stay unframeable.
 */
@Injectable()
export class EmbedFramePolicy {
  constructor(private readonly orgs: OrganizationsService) {}

  /** The origins allowed to frame `path` besides Classlane itself; empty for every page but a widget page. */
  async extraAncestors(path: string): Promise<string[]> {
    const match = EMBED_PAGE.exec(path);
    // A dot segment ('/embed/<id>/../admin') is some other page once a browser resolves it: never widened.
    if (!match || /(^|\/)\.\.?(\/|$)/.test(path)) return [];
    const id = decodeURIComponent(match[1]);
    if (!UUID.test(id)) return [];
    const org = await this.orgs.findById(id);
    return org?.settings.embedDomains ?? [];
  }
}
