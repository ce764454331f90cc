import { beforeEach, describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import {
  actionErrorText,
  confirmationMatches,
  formatCents,
  loginErrorText,
  nextBulkStep,
  TEXT,
  type BulkStep,
} from '@/it-admin/itAdminUtils';
import { clearStaffSession, getStaffToken, storeStaffSession, STAFF_TOKEN_KEY } from '@/it-admin/staffSession';
import { clearSession, getToken, storeSession, TOKEN_KEY } from '@/providers/session';

describe('bulk delete prompts (spec 3 §5)', () => {
  const run = (events: Parameters<typeof nextBulkStep>[1][]) => events.reduce<BulkStep>((s, e) => nextBulkStep(s, e), 'idle');

  it('should need two confirmations and then DELETE typed exactly', () => {
    expect(run([{ type: 'start' }, { type: 'yes' }, { type: 'yes' }, { type: 'typed', text: 'DELETE' }])).toBe('run');
  });

  it('should cancel on a mismatch, whatever the difference', () => {
    for (const text of ['delete', 'DELETE ', ' DELETE', 'DELET', 'DELETE_ORGANIZATION', '']) {
      expect(run([{ type: 'start' }, { type: 'yes' }, { type: 'yes' }, { type: 'typed', text }])).toBe('mismatch');
    }
  });

  it('should stop at either confirm prompt', () => {
    expect(run([{ type: 'start' }, { type: 'no' }])).toBe('cancelled');
    expect(run([{ type: 'start' }, { type: 'yes' }, { type: 'no' }])).toBe('cancelled');
  });

  it('should not accept typing before both confirmations', () => {
    expect(run([{ type: 'start' }, { type: 'typed', text: 'DELETE' }])).toBe('confirm1');
  });

  it('should compare the organization confirmation exactly', () => {
    expect(confirmationMatches('DELETE_ORGANIZATION', 'DELETE_ORGANIZATION')).toBe(true);
    expect(confirmationMatches('delete_organization', 'DELETE_ORGANIZATION')).toBe(false);
  });
});

describe('IT-admin texts (spec 3 §8)', () => {
  it('should name a refused sign-in, a network failure and anything else', () => {
    expect(loginErrorText(new HttpError('x', 401))).toBe('Login failed. Please check your credentials.');
    expect(loginErrorText(new HttpError('x', 0))).toBe('Network error occurred');
    expect(loginErrorText(new HttpError('x', 500))).toBe('Login failed');
  });

  it("should give the spec's action texts with the server's reason", () => {
    expect(actionErrorText(new HttpError('x', 0), TEXT.deleteOrganization, TEXT.deleteNetwork)).toBe(
      'Network error occurred during deletion',
    );
    expect(actionErrorText(new HttpError('Confirmation failed. Type X.', 400), TEXT.deleteOrganization, TEXT.deleteNetwork)).toBe(
      'Failed to delete organization: Confirmation failed. Type X.',
    );
  });

  it('should show cents as dollars', () => {
    expect(formatCents(10000)).toBe('$100.00');
    expect(formatCents(4749)).toBe('$47.49');
  });
});

describe('staff session storage', () => {
  beforeEach(() => localStorage.clear());

  it('should keep the staff token under its own key, apart from an organization session', () => {
    storeSession('org-token', { id: 'u', email: 'a@b.c', role: 'admin', firstName: 'A', lastName: 'B', organizationId: 'o' });
    storeStaffSession('staff-token', 'itadmin');
    expect(localStorage.getItem(TOKEN_KEY)).toBe('org-token');
    expect(localStorage.getItem(STAFF_TOKEN_KEY)).toBe('staff-token');
    clearStaffSession();
    expect(getToken()).toBe('org-token');
    storeStaffSession('staff-token', 'itadmin');
    clearSession();
    expect(getStaffToken()).toBe('staff-token');
  });
});
