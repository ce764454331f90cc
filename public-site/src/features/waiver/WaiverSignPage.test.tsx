import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { WaiverSignPage } from './WaiverSignPage';

/** The emailed link to sign a new waiver version, for a person under 18: their parent or guardian signs. */
const TOKEN = 'a'.repeat(43);
const LINK = {
  organizationName: 'Clayworks Studio',
  waiverTitle: 'Wheel waiver',
  version: 2,
  bodyHtml: '<p>Two.</p>',
  sha256: 'x'.repeat(64),
  signerFirstName: 'Jo',
  signed: false,
  signedAt: null,
  superseded: false,
  people: [{ firstName: 'Jo', lastName: 'Kim', classTitle: 'Wheel I', signedAs: 'guardian' }],
  guardianRequired: true,
};
const MINOR_MESSAGE =
  'Jo Kim is under 18 on the first day of class: a parent or guardian must sign “Wheel waiver” for them. ' +
  'Enter the parent or guardian’s full name and have them type it to sign';

const reply = (status: number, data: unknown, error: string | null = null, errors?: Record<string, string>) =>
  new Response(JSON.stringify({ success: status < 400, data, error, ...(errors ? { errors } : {}) }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

let posted: unknown[] = [];
function stubApi(link: typeof LINK, sign: () => Response) {
  posted = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path === `/api/waiver-links/${TOKEN}/sign`) {
        posted.push(JSON.parse(String(init?.body)));
        return sign();
      }
      if (path === `/api/waiver-links/${TOKEN}`) return reply(200, link);
      return reply(404, null, 'Not found');
    }),
  );
}
function renderPage() {
  const { hook } = memoryLocation({ path: `/waiver/${TOKEN}` });
  render(
    <Router hook={hook}>
      <Route path="/waiver/:token" component={WaiverSignPage} />
    </Router>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('WaiverSignPage for someone under 18', () => {
  it('should ask the parent or guardian to sign, send them as the guardian, and show the server’s refusal in its words', async () => {
    let answer = () => reply(400, null, MINOR_MESSAGE, { signedName: MINOR_MESSAGE });
    stubApi(LINK, () => answer());
    renderPage();
    expect(
      await screen.findByText('Jo is under 18 on the first day of class, so a parent or guardian reads and signs this waiver for them.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByLabelText('I have read and agree'));
    fireEvent.change(screen.getByLabelText(/^Parent or guardian: type your full name to sign/), { target: { value: 'Jo Kim' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign' }));
    expect(await screen.findByText(MINOR_MESSAGE)).toBeTruthy();
    expect(posted).toEqual([{ signedName: 'Jo Kim', guardian: { name: 'Jo Kim' } }]);

    answer = () =>
      reply(200, { signed: true, waiverTitle: 'Wheel waiver', version: 2, people: [{ ...LINK.people[0], signedAs: 'guardian' }] });
    fireEvent.change(screen.getByLabelText(/^Parent or guardian: type your full name to sign/), { target: { value: 'Sam Kim' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign' }));
    await screen.findByRole('heading', { name: 'Thank you, your signature is recorded' });
    await waitFor(() => expect(posted[1]).toEqual({ signedName: 'Sam Kim', guardian: { name: 'Sam Kim' } }));
  });

  it('should let an adult sign for themself as before, without a guardian', async () => {
    stubApi({ ...LINK, guardianRequired: false, people: [{ ...LINK.people[0], signedAs: 'self' }] }, () =>
      reply(200, { signed: true, waiverTitle: 'Wheel waiver', version: 2, people: [{ ...LINK.people[0], signedAs: 'self' }] }),
    );
    renderPage();
    fireEvent.click(await screen.findByLabelText('I have read and agree'));
    fireEvent.change(screen.getByLabelText(/^Type your full name to sign/), { target: { value: 'Jo Kim' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign' }));
    await screen.findByRole('heading', { name: 'Thank you, your signature is recorded' });
    expect(posted).toEqual([{ signedName: 'Jo Kim' }]);
  });
});
