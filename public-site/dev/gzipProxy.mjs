/**
 * Measurement aid: a reverse proxy that gzips responses of a running backend, to measure what the site
 * scores once the server compresses text (the backend did not compress when this was written).
 * Usage: node public-site/dev/gzipProxy.mjs <listenPort> <targetPort>
 */
import { createServer, request } from 'node:http';
import { createGzip } from 'node:zlib';

const [listen = '3013', target = '3012'] = process.argv.slice(2);
createServer((req, res) => {
  const upstream = request({ host: '127.0.0.1', port: Number(target), path: req.url, method: req.method, headers: { ...req.headers, host: `localhost:${target}`, 'accept-encoding': 'identity' } }, (up) => {
    const type = String(up.headers['content-type'] ?? '');
    const compressible = /text|javascript|json|svg|xml/.test(type) && /gzip/.test(String(req.headers['accept-encoding'] ?? ''));
    const headers = { ...up.headers };
    if (compressible) {
      delete headers['content-length'];
      headers['content-encoding'] = 'gzip';
      headers.vary = 'Accept-Encoding';
      res.writeHead(up.statusCode ?? 502, headers);
      up.pipe(createGzip()).pipe(res);
    } else {
      res.writeHead(up.statusCode ?? 502, headers);
      up.pipe(res);
    }
  });
  upstream.on('error', () => res.writeHead(502).end());
  req.pipe(upstream);
}).listen(Number(listen), () => console.log(`gzip proxy :${listen} -> :${target}`));
