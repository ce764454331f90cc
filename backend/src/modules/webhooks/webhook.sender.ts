import { createHmac } from 'node:crypto';
import { lookup as dnsLookup } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isPrivateAddress, privateLiteralHost } from './private-addresses';

export class RefusedAddressError extends Error {}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body" with the endpoint's secret>` (the receiver recomputes it). */
export function signature(secret: string, body: string, t: number = Math.floor(Date.now() / 1000)): string {
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

export interface SendResult {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
}

/**
 * POSTs one delivery. The address is checked where the connection is made (the lookup the socket itself uses),
 * so a name that resolves to a private address, or changes its answer after a first check, is refused. Any
 * answer but 2xx, a refusal, a network failure or no answer within `timeoutMs` is a failure (retried later).
 */
export function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  opts: { timeoutMs: number; allowPrivate: boolean },
): Promise<SendResult> {
  return new Promise((resolve) => {
    let settled = false;
    const clock: { timer?: NodeJS.Timeout } = {};
    const done = (r: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(clock.timer);
      resolve(r);
    };
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return done({ ok: false, statusCode: null, error: 'The URL is not valid' });
    }
    // An endpoint saved before its address was checked at creation, or a setting turned off since, is refused here.
    const host = opts.allowPrivate ? null : privateLiteralHost(target);
    if (host) return done({ ok: false, statusCode: null, error: `Refused: ${host} is a private or loopback address` });
    const lookup: LookupFunction = (hostname, options, cb) => {
      dnsLookup(hostname, { all: true, family: typeof options.family === 'number' ? options.family : 0 }, (err, addresses) => {
        if (err) return cb(err, '');
        const refused = opts.allowPrivate ? undefined : addresses.find((a) => isPrivateAddress(a.address));
        if (refused)
          return cb(new RefusedAddressError(`Refused: ${hostname} resolves to ${refused.address}, a private or loopback address`), '');
        if (options.all) return cb(null, addresses);
        cb(null, addresses[0].address, addresses[0].family);
      });
    };
    const client = target.protocol === 'https:' ? https : http;
    const req = client.request(
      target,
      { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) }, lookup },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          if (size < 500) chunks.push(c);
          size += c.length;
        });
        res.on('end', () => {
          const code = res.statusCode ?? 0;
          const ok = code >= 200 && code < 300;
          done({ ok, statusCode: code, error: ok ? null : `HTTP ${code}: ${Buffer.concat(chunks).toString('utf8').slice(0, 200)}` });
        });
        res.on('error', (e) => done({ ok: false, statusCode: res.statusCode ?? null, error: e.message }));
      },
    );
    clock.timer = setTimeout(() => {
      req.destroy();
      done({ ok: false, statusCode: null, error: `No answer within ${opts.timeoutMs / 1000} s` });
    }, opts.timeoutMs);
    req.on('error', (e) => done({ ok: false, statusCode: null, error: e.message }));
    req.end(body);
  });
}
