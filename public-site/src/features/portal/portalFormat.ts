// How the student portal writes dates and amounts, shared by its page and its registration cards.

const DATE = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** A date and time as the portal shows them: "Fri, Nov 27, 2026, 3:05 PM" (in the browser's zone). */
export const when = (d: Date | string) => DATE.format(new Date(d));

/** Dollars with cents: "$12.50". */
export const money = (n: number) => `$${n.toFixed(2)}`;
