import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import { withFrameAncestors } from './frame-ancestors';

const ADMIN_PATHS = /^\/(admin|teacher|it-admin|subscription-success|login)(\/|$)/;
/** Public pages whose last segment is a signed token (`payload.signature`): a page, though it looks like a file name. */
const TOKEN_PAGES = /^\/waitlist\/(offer|leave)\/[^/]+$/;
const YEAR_MS = 365 * 24 * 3600 * 1000;
const HOUR_MS = 3600 * 1000;
/** Hashed build assets never change under one name. */
const IMMUTABLE = { immutable: true, maxAge: YEAR_MS };

/** Extra origins allowed to frame a page (the widget's embed domains), by path; none by default. */
export type FrameAncestors = (path: string) => Promise<string[]>;

/**
 * Serves the built front ends on the API's origin: the admin app's index.html for its routes, the
 * public site's files and its index.html for every other page (the site itself redirects unknown paths).
 * One GET wildcard route (Fastify picks every API route, sitemap.xml and robots.txt before it): hashed
 * assets for a year, other files for an hour, pages (no extension) as index.html with no-cache; a missing
 * file and any unknown /api path go to the API's 404 envelope.
 */
export async function serveFrontends(
  app: FastifyInstance,
  root: string,
  frameAncestors: FrameAncestors = () => Promise.resolve([]),
): Promise<{ publicSite: boolean; adminUi: boolean }> {
  const publicDist = path.join(root, 'public-site', 'dist');
  const adminDist = path.join(root, 'admin-ui', 'dist');
  const hasPublic = fs.existsSync(path.join(publicDist, 'index.html'));
  const hasAdmin = fs.existsSync(path.join(adminDist, 'index.html'));
  if (!hasPublic && !hasAdmin) return { publicSite: false, adminUi: false };
  // Only reply.sendFile: the route below decides which directory and caching applies.
  await app.register(fastifyStatic, { root: hasPublic ? publicDist : adminDist, serve: false, index: false });
  const page = (reply: FastifyReply, dir: string) =>
    reply.header('Cache-Control', 'no-cache').sendFile('index.html', dir, { cacheControl: false });
  // A widget page may be framed by its organization's declared sites: frame-ancestors lists them, and
  // X-Frame-Options (which can only say 'same origin') goes, since browsers would apply the stricter of the two.
  const publicPage = async (reply: FastifyReply, p: string) => {
    const extra = await frameAncestors(p);
    if (extra.length) {
      reply.header('Content-Security-Policy', withFrameAncestors(String(reply.getHeader('Content-Security-Policy') ?? ''), extra));
      reply.removeHeader('X-Frame-Options');
    }
    return page(reply, publicDist);
  };
  app.get('/*', (req, reply) => {
    const p = `/${(req.params as { '*': string })['*']}`;
    if (p === '/api' || p.startsWith('/api/')) return reply.callNotFound();
    if (hasAdmin && p.startsWith('/admin-ui/')) return reply.sendFile(p.slice('/admin-ui/'.length), adminDist, IMMUTABLE);
    if (hasPublic && p.startsWith('/assets/'))
      return reply.sendFile(p.slice('/assets/'.length), path.join(publicDist, 'assets'), IMMUTABLE);
    // A missing asset is a 404, not a page.
    if (path.extname(p) && !TOKEN_PAGES.test(p))
      return hasPublic ? reply.sendFile(p.slice(1), publicDist, { maxAge: HOUR_MS }) : reply.callNotFound();
    if (hasAdmin && ADMIN_PATHS.test(p)) return page(reply, adminDist);
    if (hasPublic) return publicPage(reply, p);
    return reply.callNotFound();
  });
  return { publicSite: hasPublic, adminUi: hasAdmin };
}
