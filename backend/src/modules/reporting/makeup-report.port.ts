import { Injectable } from '@nestjs/common';

/** One month of make-ups (YYYY-MM in the organization's zone): tokens granted, make-ups booked, of those already held, tokens expired. */
export interface MakeupReportRow {
  month: string;
  granted: number;
  booked: number;
  used: number;
  expired: number;
}

/** The make-ups figures of a range of days (YYYY-MM-DD, inclusive, in `timeZone`). */
export interface MakeupReportSource {
  monthly(organizationId: string, startDate: string, endDate: string, timeZone: string): Promise<MakeupReportRow[]>;
}

/**
 * The make-ups report's port: the makeups module sits above reporting (self-service), so it fills this in its
 * `onModuleInit` rather than reporting importing it. Without a source (a build without make-ups) the report is empty.
 */
@Injectable()
export class MakeupReportPort {
  private source: MakeupReportSource | null = null;

  register(source: MakeupReportSource): void {
    this.source = source;
  }

  monthly(organizationId: string, startDate: string, endDate: string, timeZone: string): Promise<MakeupReportRow[]> {
    return this.source ? this.source.monthly(organizationId, startDate, endDate, timeZone) : Promise.resolve([]);
  }
}
