import { useT } from '@/lib/i18n/useT';
// The registration page's side panel: the class, its price for the people registered, and the promo code and date of birth fields of step 2.
import { Link } from 'wouter';
import { ClassScheduleFacts } from '@/components/class/ClassScheduleFacts';
import { effectivePrice, formatPrice } from '@/lib/classFormat';
import type { ClassItem } from '@/lib/models';
import { classPath } from '@/lib/routing';
import type { PriceQuote } from './api/priceQuote';
import { DateOfBirthField, PriceFact, PriceLines, PromoCodeField } from './PriceQuote';

export interface RegisterSummaryProps {
  item: ClassItem;
  organizationId: string;
  people: number;
  /** What the registration costs now: the quote's total on step 2, else the price times the people. */
  amount: number;
  /** Step 2 of a registration (not a waitlist entry, not closed): the promo code and date of birth fields show. */
  paying: boolean;
  /** The quote's lines to show (step 2), else null: the total for several people shows instead. */
  quote: PriceQuote | null;
  quoteBusy: boolean;
  promoCode: string;
  onPromoCode: (code: string) => void;
  /** The one person's date of birth, asked here when the quote may give a discount by age (null: not asked here). */
  dateOfBirth: { value: string; onChange: (date: string) => void } | null;
}

export function RegisterSummary(props: RegisterSummaryProps) {
  const { item, people, amount, paying, quote } = props;
  const t = useT();
  return (
    <aside className="card register-summary" aria-labelledby="register-summary-title">
      <h2 id="register-summary-title" className="register-summary__title">
        {item.title}
      </h2>
      <dl>
        <ClassScheduleFacts item={item} />
        <PriceFact
          amount={effectivePrice(item.price, item.discountPrice)}
          regular={item.price ?? 0}
          suffix={people > 1 ? ` ${t('quote.perPerson')}` : null}
        />
        {quote ? (
          <PriceLines quote={quote} />
        ) : people > 1 ? (
          <div className="register-summary__total" aria-live="polite">
            <dt>{t('quote.totalFor', { count: people })}</dt>
            <dd>
              <strong>{formatPrice(amount)}</strong>
            </dd>
          </div>
        ) : null}
      </dl>
      {paying ? (
        <PromoCodeField applied={props.promoCode} promo={quote?.promo ?? null} busy={props.quoteBusy} onApply={props.onPromoCode} />
      ) : null}
      {paying && props.dateOfBirth ? <DateOfBirthField value={props.dateOfBirth.value} onChange={props.dateOfBirth.onChange} /> : null}
      <Link href={classPath(item.id, props.organizationId)}>{t('register.viewClass')}</Link>
    </aside>
  );
}
