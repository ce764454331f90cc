import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SentMail {
  authorization: string | undefined;
  body: {
    personalizations: { to: { email: string }[] }[];
    from: { email: string };
    subject: string;
    content: { type: string; value: string }[];
  };
}

/**
 * A local stand-in for SendGrid's v3 mail API: the real @sendgrid/mail SDK is pointed at it
 * (SENDGRID_API_URL) and it records what would have been sent. `failNext` makes the next send fail.
 */
export async function startSendGridStandIn() {
  const sent: SentMail[] = [];
  let failNext = false;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v3/mail/send') {
        res.writeHead(404).end();
        return;
      }
      if (failNext) {
        failNext = false;
        res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ errors: [{ message: 'stand-in failure' }] }));
        return;
      }
      sent.push({ authorization: req.headers.authorization, body: JSON.parse(raw) });
      res.writeHead(202).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sent,
    failNextSend: () => {
      failNext = true;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
