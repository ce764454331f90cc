import { useT, type Translate } from '@/lib/i18n/useT';
import { useState, type FormEvent } from 'react';
import { formatPrice } from '@/lib/classFormat';
import type { PriceQuote, QuoteLine } from './api/priceQuote';

/** The summary's price: what one person pays, the regular price struck through beside it when that is more. */
export function PriceFact({ amount, regular, suffix }: { amount: number; regular: number; suffix?: string | null }) {
  const t = useT();
  return (
    <div>
      <dt>{t('classPage.price')}</dt>
      <dd>
        <strong>{formatPrice(amount)}</strong>
        {regular > amount ? (
          <>
            {' '}
            <s>
              <span className="visually-hidden">{t('classPage.regularPrice')} </span>
              {formatPrice(regular)}
            </s>
          </>
        ) : null}
        {suffix}
      </dd>
    </div>
  );
}

/** The quote's lines and total, as the server will charge them. */
export function PriceLines({ quote }: { quote: PriceQuote }) {
  const t = useT();
  // Taxes inside the prices are listed but not added: the total says how much of it is tax.
  const included = quote.lines.filter((l) => l.tax?.included).reduce((n, l) => n + l.amount, 0);
  return (
    <div className="register-summary__quote" aria-live="polite">
      <dt>{t('quote.details')}</dt>
      <dd>
        <table className="price-lines">
          <tbody>
            {quote.lines.map((line, i) => (
              <tr key={`${line.label}-${i}`} className={line.tax?.included ? 'price-lines__included' : undefined}>
                <th scope="row">{lineLabel(t, line)}</th>
                <td>{line.amount < 0 ? `−${formatPrice(-line.amount)}` : formatPrice(line.amount)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t('quote.total')}</th>
              <td>
                <strong>{formatPrice(quote.total)}</strong>
              </td>
            </tr>
            {included > 0 ? (
              <tr>
                <td colSpan={2} className="price-lines__note">
                  {t('quote.includesTax', { amount: formatPrice(included) })}
                </td>
              </tr>
            ) : null}
          </tfoot>
        </table>
      </dd>
    </div>
  );
}

/** A line's words: a tax line in the visitor's language ('GST 5%', 'TPS 5 % (incluse)'), any other as the server named it. */
function lineLabel(t: Translate, line: QuoteLine) {
  if (!line.tax) return line.label;
  return t(line.tax.included ? 'quote.taxIncludedLine' : 'quote.taxLine', { label: line.tax.label, rate: line.tax.rate });
}

/** The 'Promo code' field: applying asks for a new quote, whose message says whether (or why not) the code applies. */
export function PromoCodeField(props: { applied: string; promo: PriceQuote['promo']; busy: boolean; onApply: (code: string) => void }) {
  const t = useT();
  const [text, setText] = useState(props.applied);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    props.onApply(text.trim());
  };
  const message = props.applied && props.promo ? props.promo : null;
  return (
    <form className="promo-code" onSubmit={submit} noValidate>
      <label htmlFor="promo-code">{t('quote.promo')}</label>
      <div className="promo-code__row">
        <input
          id="promo-code"
          name="promoCode"
          value={text}
          maxLength={40}
          autoComplete="off"
          aria-describedby={message ? 'promo-code-message' : undefined}
          aria-invalid={message ? !message.applied : undefined}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="btn btn-secondary" disabled={props.busy}>
          {t('quote.apply')}
        </button>
      </div>
      {message ? (
        <p id="promo-code-message" role="status" className={message.applied ? 'promo-code__ok' : 'promo-code__error'}>
          {message.message}
        </p>
      ) : null}
    </form>
  );
}

/** One person's date of birth, offered when the organization has a senior discount: a new date asks for a new quote. */
export function DateOfBirthField(props: { value: string; onChange: (date: string) => void }) {
  const t = useT();
  return (
    <div className="promo-code">
      <label htmlFor="single-date-of-birth">{t('quote.dateOfBirth')}</label>
      <input
        id="single-date-of-birth"
        name="dateOfBirth"
        type="date"
        value={props.value}
        max={new Date().toISOString().slice(0, 10)}
        aria-describedby="single-date-of-birth-hint"
        onChange={(e) => props.onChange(e.target.value)}
      />
      <p id="single-date-of-birth-hint" className="promo-code__hint">
        {t('quote.seniorHint')}
      </p>
    </div>
  );
}
