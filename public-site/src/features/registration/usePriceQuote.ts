// The server's price quote for the registration page (class price, automatic discounts, promo code), asked again whenever one of its inputs changes.
import { useEffect, useState } from 'react';
import { getPriceQuote, type PriceQuote } from './api/priceQuote';
import type { Attendee } from './api/registerStudent';

export interface PriceQuoteInput {
  organizationId: string;
  classId: string;
  /** A drop-in: the price of that one session. */
  classSessionId?: string;
  email: string;
  attendees?: Attendee[];
  promoCode: string;
}

/** The quote for `input` (null: not asked, or not had: the page keeps the class price); no request while `input` is null. */
export function usePriceQuote(input: PriceQuoteInput | null): { quote: PriceQuote | null; busy: boolean } {
  const [quote, setQuote] = useState<PriceQuote | null>(null);
  const [busy, setBusy] = useState(false);
  const key = input
    ? JSON.stringify([
        input.organizationId,
        input.classId,
        input.classSessionId,
        input.email,
        input.attendees?.map((a) => [a.dateOfBirth ?? '', a.firstName?.trim() ?? '', a.lastName?.trim() ?? '']),
        input.promoCode,
      ])
    : null;
  useEffect(() => {
    if (!input) return;
    let live = true;
    setBusy(true);
    getPriceQuote({
      organizationId: input.organizationId,
      classId: input.classId,
      classSessionId: input.classSessionId,
      attendees: input.attendees,
      email: input.email,
      promoCode: input.promoCode || undefined,
    })
      .then((q) => live && setQuote(q))
      // No quote (a network failure): the page keeps the class price; the server still charges its own quote.
      .catch(() => live && setQuote(null))
      .finally(() => live && setBusy(false));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- key names every input of the quote
  }, [key]);
  return { quote, busy };
}
