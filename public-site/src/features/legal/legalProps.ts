/**
 * What every legal document receives from LegalPage. Its own module, so the documents do not import the page
 * that imports them (that circle made the page and its documents load as one knot).
 */
export interface LegalProps {
  feePercent: number;
  /** null when the platform has no configured support address: the documents then point to the contact page only. */
  supportEmail: string | null;
  organizationName: string | null;
}
