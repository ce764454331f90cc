import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';
import { ProviderScript } from './provider-script';

export interface SentSms {
  sid: string;
  accountSid: string;
  authorization: string | undefined;
  to: string;
  from: string;
  body: string;
  statusCallback: string | undefined;
}

/**
 * A local stand-in for Twilio's Messages API, driven by the real `twilio` SDK (TWILIO_API_BASE):
 * `POST /2010-04-01/Accounts/{sid}/Messages.json` (form-encoded, basic auth) answers 201 with a message resource,
 * or Twilio's error body ({ code, message, more_info, status }) as the script says. A number in `optedOut` is
 * refused with Twilio's 21610.
 */
export async function startTwilioStandIn(opts: { accountSid: string; authToken: string }) {
  const sent: SentSms[] = [];
  const script = new ProviderScript();
  const optedOut = new Set<string>();
  const hanging = new Set<http.ServerResponse>();
  const expectedAuth = `Basic ${Buffer.from(`${opts.accountSid}:${opts.authToken}`).toString('base64')}`;
  const error = (res: http.ServerResponse, status: number, code: number, message: string) =>
    res
      .writeHead(status, { 'content-type': 'application/json' })
      .end(JSON.stringify({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }));
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const m = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(req.url ?? '');
      if (req.method !== 'POST' || !m) return error(res, 404, 20404, 'The requested resource was not found');
      if (req.headers.authorization !== expectedAuth || m[1] !== opts.accountSid) return error(res, 401, 20003, 'Authenticate');
      const form = new URLSearchParams(raw);
      const msg: SentSms = {
        sid: `SM${randomBytes(16).toString('hex')}`,
        accountSid: m[1],
        authorization: req.headers.authorization,
        to: form.get('To') ?? '',
        from: form.get('From') ?? '',
        body: form.get('Body') ?? '',
        statusCallback: form.get('StatusCallback') ?? undefined,
      };
      if (!msg.to || !msg.body) return error(res, 400, 21604, "A 'To' phone number is required.");
      if (optedOut.has(msg.to)) return error(res, 400, 21610, 'Attempt to send to unsubscribed recipient');
      const accept = () => {
        sent.push(msg);
        res.writeHead(201, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            sid: msg.sid,
            account_sid: msg.accountSid,
            to: msg.to,
            from: msg.from,
            body: msg.body,
            status: 'queued',
            num_segments: '1',
            direction: 'outbound-api',
            date_created: new Date().toUTCString(),
            uri: `/2010-04-01/Accounts/${msg.accountSid}/Messages/${msg.sid}.json`,
          }),
        );
      };
      const step = script.next();
      if (!step) return accept();
      if ('hang' in step) {
        sent.push({ ...msg, sid: 'hung' });
        hanging.add(res);
        return;
      }
      if ('delayMs' in step) {
        setTimeout(accept, step.delayMs);
        return;
      }
      error(res, step.status, step.code ?? (step.status === 429 ? 20429 : 20500), step.message ?? 'stand-in failure');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sent,
    script,
    optedOut,
    close: () =>
      new Promise<void>((r) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** The X-Twilio-Signature Twilio would send for these form parameters posted to `url` (the SDK computes it). */
export function signTwilio(authToken: string, url: string, params: Record<string, string>): string {
  return twilio.getExpectedTwilioSignature(authToken, url, params);
}
