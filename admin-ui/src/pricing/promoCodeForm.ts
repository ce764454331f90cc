import { fromZonedInput, toZonedInput } from '@/common/zonedTime';
import type { PromoCode, PromoCodeInput } from '@/providers/types';

/** The promo code form's fields, as typed (text), the valid-until being a day (YYYY-MM-DD) in the organization's zone. */
export interface PromoCodeForm {
  code: string;
  kind: 'percent' | 'amount';
  value: string;
  maxRedemptions: string;
  maxPerEmail: string;
  validUntil: string;
}

export const EMPTY_PROMO_CODE_FORM: PromoCodeForm = {
  code: '',
  kind: 'percent',
  value: '',
  maxRedemptions: '',
  maxPerEmail: '1',
  validUntil: '',
};

/** A saved code as the form shows it. */
export function promoCodeFormOf(c: PromoCode, zone: string): PromoCodeForm {
  return {
    code: c.code,
    kind: c.kind as 'percent' | 'amount',
    value: String(c.value),
    maxRedemptions: c.maxRedemptions === null ? '' : String(c.maxRedemptions),
    maxPerEmail: String(c.maxPerEmail),
    // The day it ends on in the organization's zone (its last second there, as saved below).
    validUntil: c.validUntil ? toZonedInput(c.validUntil, zone).slice(0, 10) : '',
  };
}

/** The body of POST/PUT /api/promo-codes; a code being edited keeps its classes, start and active state. */
export function promoCodeInputOf(f: PromoCodeForm, zone: string, was?: PromoCode): PromoCodeInput {
  return {
    code: f.code.trim(),
    kind: f.kind,
    value: Number(f.value),
    maxRedemptions: f.maxRedemptions.trim() ? Number(f.maxRedemptions) : null,
    maxPerEmail: Number(f.maxPerEmail || 1),
    // The end of the chosen day in the organization's time zone (where its families are), not the admin's browser's.
    validUntil: f.validUntil ? fromZonedInput(`${f.validUntil}T23:59:59`, zone) : null,
    ...(was ? { classIds: was.classIds, validFrom: was.validFrom, active: was.active } : {}),
  };
}

/** The same code with its active state flipped, everything else as saved (the list's Activate/Deactivate). */
export function toggledPromoCode(c: PromoCode, zone: string): PromoCodeInput {
  return { ...promoCodeInputOf(promoCodeFormOf(c, zone), zone, c), validUntil: c.validUntil, active: !c.active };
}

/** What the form needs before it can be saved: a code of letters, digits, - and _, and a positive value. */
export const canSavePromoCode = (f: Pick<PromoCodeForm, 'code' | 'value'>) =>
  /^[A-Za-z0-9_-]{1,40}$/.test((f.code ?? '').trim()) && Number(f.value) > 0;
