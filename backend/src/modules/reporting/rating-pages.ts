import { escapeHtml, htmlPage } from '../../common/http/html-page';

export const RATING_LINK_NOT_VALID = 'This rating link is not valid';
export const RATING_LINK_NO_LONGER_VALID = 'This rating link is no longer valid';

export interface RatingChoice {
  classId: string;
  studentId: string;
  rating: number;
}

/** One score as a form: the link's fields as hidden inputs (with that score's signature) and a button. */
function ratingForm(c: RatingChoice, rating: number, sig: string, label: string, primary: boolean): string {
  const hidden = (name: string, value: string | number) => `<input type="hidden" name="${name}" value="${escapeHtml(String(value))}">`;
  // `ratings` relative to /api/ratings: the same route, whatever path the site is served under.
  return (
    `<form method="post" action="ratings">${hidden('class', c.classId)}${hidden('student', c.studentId)}${hidden('rating', rating)}` +
    `${hidden('sig', sig)}<button type="submit"${primary ? '' : ` class="other" aria-label="Rate ${rating} out of 5"`}>${label}</button></form>`
  );
}

/**
 * What the email's link opens: the chosen score with a button that sends it, and the other scores as buttons too.
 * Nothing is recorded until a button is pressed.
 */
export function ratingChoicePage(className: string, c: RatingChoice, current: number | null, sign: (rating: number) => string): string {
  const others = [1, 2, 3, 4, 5]
    .filter((r) => r !== c.rating)
    .map((r) => ratingForm(c, r, sign(r), String(r), false))
    .join('');
  const earlier = current === null ? '' : `<p>You rated this class ${current} out of 5 before; sending a rating replaces it.</p>`;
  return htmlPage(
    `How was ${className}?`,
    `<p>Your rating: <strong>${c.rating} out of 5</strong>.</p>${earlier}` +
      `<p>${ratingForm(c, c.rating, sign(c.rating), `Send my rating: ${c.rating} out of 5`, true)}</p>` +
      `<p>Or choose another rating (1 = poor, 5 = excellent):</p><p>${others}</p>`,
  );
}

export const ratingThanksPage = (className: string, rating: number) =>
  htmlPage('Thank you!', `<p>You rated ${escapeHtml(className)} ${rating} out of 5. You can close this page.</p>`);

/** A changed or unknown link (400), or one whose student is no longer in the class (403). */
export const linkNotValidPage = (noLongerValid: boolean) =>
  htmlPage(
    'Link not valid',
    noLongerValid ? `<p>${RATING_LINK_NO_LONGER_VALID}.</p>` : `<p>${RATING_LINK_NOT_VALID}. Please use the link from your email.</p>`,
  );
