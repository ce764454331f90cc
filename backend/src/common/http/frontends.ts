import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import fs from 'node:fs';
import path from 'node:path';

const ADMIN_PATHS = /^\/(admin|teacher|it-admin|subscription-success|login)(\/|$)/;

/**
 * Serves the built front ends on the API's origin: the admin app's index.html for its routes, the
 * public site's files and its index.html for every other page (the site itself redirects unknown paths).
 */
export function serveFrontends(app: Express, root: string): { publicSite: boolean; adminUi: boolean } {
  const publicDist = path.join(root, 'public-site', 'dist');
  const adminDist = path.join(root, 'admin-ui', 'dist');
  const hasPublic = fs.existsSync(path.join(publicDist, 'index.html'));
  const hasAdmin = fs.existsSync(path.join(adminDist, 'index.html'));
  const immutable = { immutable: true, maxAge: '1y', index: false };
  if (hasAdmin) app.use('/admin-ui', express.static(adminDist, immutable));
  if (hasPublic) app.use('/assets', express.static(path.join(publicDist, 'assets'), immutable));
  if (hasPublic) app.use(express.static(publicDist, { index: false, maxAge: '1h' }));
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path.startsWith('/api/') || req.path === '/api') return next();
    if (req.path === '/sitemap.xml' || req.path === '/robots.txt') return next();
    if (path.extname(req.path)) return next(); // a missing asset is a 404, not a page
    res.setHeader('Cache-Control', 'no-cache');
    if (hasAdmin && ADMIN_PATHS.test(req.path)) return res.sendFile(path.join(adminDist, 'index.html'));
    if (hasPublic) return res.sendFile(path.join(publicDist, 'index.html'));
    next();
  });
  return { publicSite: hasPublic, adminUi: hasAdmin };
}
