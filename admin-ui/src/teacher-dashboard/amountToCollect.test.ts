import { describe, expect, it } from 'vitest';
import { amountToCollect, isPaidInFull } from '@/teacher-dashboard/PaymentsTab';
import type { ClassRecord, Enrollment, Student } from '@/providers/types';

const CLASS = { id: 'c1', price: 100, discountPrice: 90 } as ClassRecord;
const student = (e: Partial<Enrollment>) =>
  ({
    id: 's1',
    classEnrollments: [{ classId: 'c1', paymentStatus: 'pending', paymentMethod: 'in-person', amountDue: null, balanceDue: 0, ...e }],
  }) as unknown as Student;

describe("the class Payments tab's amount to collect", () => {
  it("is the price quoted at registration, the class's own price only without a quote", () => {
    expect(amountToCollect(student({ amountDue: 72 }), CLASS)).toBe(72);
    expect(amountToCollect(student({}), CLASS)).toBe(90);
  });

  it('is the balance a switch to a dearer class left due, and that student is not paid in full yet', () => {
    const switched = student({ paymentStatus: 'completed', paymentMethod: 'card', amountDue: 120, amountPaid: 80, balanceDue: 40 });
    expect(amountToCollect(switched, CLASS)).toBe(40);
    expect(isPaidInFull(switched, 'c1')).toBe(false);
    expect(isPaidInFull(student({ paymentStatus: 'completed', balanceDue: 0 }), 'c1')).toBe(true);
    expect(isPaidInFull(student({}), 'c1')).toBe(false);
  });
});
