import { describe, expect, it } from 'vitest';
import { EMPTY_PRODUCT, givesText, productFormOf, productInputOf, type CreditProduct } from './productForm';

describe('productInputOf', () => {
  it('sends a pack with its uses and validity, nothing of the other kinds', () => {
    const r = productInputOf({ ...EMPTY_PRODUCT, name: ' 10-class pack ', price: '150', uses: '10', validityDays: '90' });
    expect(r.body).toMatchObject({
      kind: 'pack',
      name: '10-class pack',
      price: 150,
      uses: 10,
      validityDays: 90,
      credit: null,
      period: null,
      scope: 'all',
    });
  });
  it('a membership without uses is unlimited', () => {
    const r = productInputOf({ ...EMPTY_PRODUCT, kind: 'membership', name: 'Monthly', price: '80', period: 'month' });
    expect(r.body).toMatchObject({ kind: 'membership', uses: null, period: 'month', validityDays: null });
  });
  it('account credit needs its dollars and has no scope', () => {
    expect(productInputOf({ ...EMPTY_PRODUCT, kind: 'account_credit', name: 'Gift', price: '45' }).error).toBe(
      'Enter the dollars of credit it gives',
    );
    expect(productInputOf({ ...EMPTY_PRODUCT, kind: 'account_credit', name: 'Gift', price: '45', credit: '50' }).body).toMatchObject({
      credit: 50,
      uses: null,
    });
  });
  it('refuses what the API would refuse', () => {
    expect(productInputOf({ ...EMPTY_PRODUCT, name: 'x', price: '-1', uses: '1' }).error).toBe('Enter a price in dollars');
    expect(productInputOf({ ...EMPTY_PRODUCT, name: 'x', price: '1', uses: '1.5' }).error).toBe('Enter the number of uses');
    expect(productInputOf({ ...EMPTY_PRODUCT, name: 'x', price: '1', uses: '2', scope: 'classes' }).error).toBe(
      'Choose the classes it pays for',
    );
  });
  it('round-trips a saved product', () => {
    const saved: CreditProduct = {
      id: 'p',
      kind: 'pack',
      name: 'P',
      description: null,
      price: 150,
      uses: 10,
      credit: null,
      validityDays: null,
      period: null,
      scope: 'all',
      classIds: [],
      soldOnline: true,
      introOffer: true,
      active: true,
      createdAt: '',
      updatedAt: '',
    };
    expect(productInputOf(productFormOf(saved)).body).toMatchObject({ uses: 10, validityDays: null, introOffer: true });
    expect(givesText(saved)).toBe('10 uses, no expiry');
  });
});
