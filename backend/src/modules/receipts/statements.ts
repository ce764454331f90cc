import type { LegalDetails } from '../organizations/legal-details';
import { counted, type Receipt, type ReceiptLine, type ReceiptPayer, type ReceiptStudent } from './receipt.types';

/** One payment or refund line of a year-end statement; a refund's amount is negative. */
export interface StatementEntry {
  issuedAt: Date;
  number: string;
  kind: Receipt['kind'];
  studentId: string;
  studentName: string;
  description: string;
  serviceStart: string | null;
  serviceEnd: string | null;
  amountCents: number;
  /** A tax line (issue 43); an included one is inside the other lines and not added to the totals. */
  tax?: ReceiptLine['tax'];
}

/** A year-end statement: for one payer (all they paid), or for one student (all paid for them). */
export interface Statement {
  year: number;
  issuer: LegalDetails;
  payer: ReceiptPayer | null;
  student: ReceiptStudent | null;
  entries: StatementEntry[];
  paidCents: number;
  refundedCents: number;
  netCents: number;
  /** The tax in the net paid (receipts' tax less credit notes'), included or added. */
  taxCents: number;
}

/**
 * The statement of these receipts and credit notes (already narrowed to the year and the payer or student): every
 * line, a credit note's negative, in the order issued; `studentId` keeps only that student's lines (a household's
 * receipt lists several people). The totals are the lines' sums, so they match the receipts to the cent.
 */
export function statementOf(
  year: number,
  issuer: LegalDetails,
  receipts: Receipt[],
  who: { payer?: ReceiptPayer; student?: ReceiptStudent },
): Statement {
  const entries = receipts
    .flatMap((r) =>
      r.lines.map((l) => ({
        issuedAt: new Date(r.issuedAt),
        number: r.number,
        kind: r.kind,
        studentId: l.studentId,
        studentName: l.studentName,
        description: l.description,
        serviceStart: l.serviceStart,
        serviceEnd: l.serviceEnd,
        amountCents: r.kind === 'credit_note' ? -l.amountCents : l.amountCents,
        ...(l.tax ? { tax: l.tax } : {}),
      })),
    )
    .filter((e) => !who.student || e.studentId === who.student.id)
    .sort((a, b) => a.issuedAt.getTime() - b.issuedAt.getTime() || a.number.localeCompare(b.number));
  const paidCents = entries.filter((e) => e.kind === 'receipt').reduce((n, e) => n + counted(e), 0);
  const refundedCents = -entries.filter((e) => e.kind === 'credit_note').reduce((n, e) => n + counted(e), 0);
  const taxCents = entries.filter((e) => e.tax).reduce((n, e) => n + e.amountCents, 0);
  return {
    year,
    issuer,
    payer: who.payer ?? null,
    student: who.student ?? null,
    entries,
    paidCents,
    refundedCents,
    netCents: paidCents - refundedCents,
    taxCents,
  };
}

/** The year's receipts grouped by payer and by student: the admin's set of statements. */
export function everyStatement(year: number, issuer: LegalDetails, receipts: Receipt[]): Statement[] {
  const payers = new Map<string, { payer: ReceiptPayer; receipts: Receipt[] }>();
  const students = new Map<string, { student: ReceiptStudent; receipts: Receipt[] }>();
  for (const r of receipts) {
    const key = r.payer.studentId ?? r.payer.email;
    const p = payers.get(key) ?? { payer: r.payer, receipts: [] };
    p.receipts.push(r);
    payers.set(key, p);
    for (const s of r.students) {
      const st = students.get(s.id) ?? { student: s, receipts: [] };
      st.receipts.push(r);
      students.set(s.id, st);
    }
  }
  return [
    ...[...payers.values()].map((p) => statementOf(year, issuer, p.receipts, { payer: p.payer })),
    ...[...students.values()].map((s) => statementOf(year, issuer, s.receipts, { student: s.student })),
  ];
}
