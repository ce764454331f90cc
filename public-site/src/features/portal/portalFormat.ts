// How the student portal writes dates and amounts, shared by its page and its registration cards, in the visit's language.
import { currentIntlLocale, currentLocale } from '@/lib/i18n/i18n';

/** A date and time as the portal shows them: "Fri, Nov 27, 2026, 3:05 PM", "vie, 27 nov 2026, 3:05 p. m." (browser's zone). */
export const when = (d: Date | string) =>
  new Date(d).toLocaleString(currentIntlLocale(), {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: currentLocale() === 'en' ? true : undefined,
  });

/** Dollars with cents in the language's way: "$12.50", "12,50 $ US". */
export const money = (n: number) =>
  n.toLocaleString(currentIntlLocale(), { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A day alone: "11/27/2026", "27/11/2026". */
export const day = (d: Date | string) => new Date(d).toLocaleDateString(currentIntlLocale());
