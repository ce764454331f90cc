import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ProviderScript } from './provider-script';

export interface SentMail {
  authorization: string | undefined;
  messageId: string;
  body: {
    personalizations: { to: { email: string }[] }[];
    from: { email: string };
    subject: string;
    content: { type: string; value: string }[];
    headers?: Record<string, string>;
    custom_args?: Record<string, string>;
    attachments?: { filename: string; type: string; content: string }[];
  };
}

/**
 * A local stand-in for SendGrid's v3 mail API: the real @sendgrid/mail SDK is pointed at it
 * (SENDGRID_API_URL) and it records what would have been sent (202 with X-Message-Id). `failNext` makes the next
 * send fail; `script` plays errors (429, 5xx, 400 with a message), hangs and delays in order.
 */
export async function startSendGridStandIn() {
  const sent: SentMail[] = [];
  const script = new ProviderScript();
  const hanging = new Set<http.ServerResponse>();
  let requests = 0;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v3/mail/send') {
        res.writeHead(404).end();
        return;
      }
      requests += 1;
      const step = script.next();
      const accept = () => {
        const messageId = randomBytes(11).toString('base64url');
        sent.push({ authorization: req.headers.authorization, messageId, body: JSON.parse(raw) });
        res.writeHead(202, { 'X-Message-Id': messageId }).end();
      };
      if (!step) return accept();
      if ('hang' in step) {
        // The request arrived (it may count as sent at the provider): record it, never answer.
        sent.push({ authorization: req.headers.authorization, messageId: 'hung', body: JSON.parse(raw) });
        hanging.add(res);
        return;
      }
      if ('delayMs' in step) {
        setTimeout(accept, step.delayMs);
        return;
      }
      res
        .writeHead(step.status, { 'content-type': 'application/json' })
        .end(JSON.stringify({ errors: [{ message: step.message ?? 'stand-in failure', field: null, help: null }] }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sent,
    script,
    get requests() {
      return requests;
    },
    failNextSend: () => script.push({ status: 500 }),
    close: () =>
      new Promise<void>((r) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
