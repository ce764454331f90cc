import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ConfigCopies, organizationIdOf, type OrganizationRef } from '../../common/cache/config-copies';
import { AppException } from '../../common/http/app-exception';
import type { CreateTermDto } from './dto/term.dto';
import { TermsRepository, type TermRow, type TermWrite } from './terms.repository';

export type { TermRow } from './terms.repository';

const mapTerm = (t: TermRow & { classCount?: number }) => ({
  id: t.id,
  name: t.name,
  startDate: t.startDate,
  endDate: t.endDate,
  registrationOpensAt: t.registrationOpensAt,
  registrationClosesAt: t.registrationClosesAt,
  earlyAccessOpensAt: t.earlyAccessOpensAt,
  earlyAccessSentAt: t.earlyAccessSentAt,
  classCount: t.classCount ?? 0,
  createdAt: t.createdAt,
  updatedAt: t.updatedAt,
});

/** A 400 naming the field, as the validation pipe's own answers do. */
function invalid(field: string, message: string): AppException {
  return new AppException(400, message, { errors: { [field]: message } });
}

/** A calendar day that exists (2027-02-30 does not). */
function isDay(s: string): boolean {
  const [y, m, d] = s.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

/** The dates of a term in order, or a 400 naming the first field out of order. */
function toWrite(dto: CreateTermDto): TermWrite {
  const opens = new Date(dto.registrationOpensAt);
  const closes = dto.registrationClosesAt ? new Date(dto.registrationClosesAt) : null;
  const early = dto.earlyAccessOpensAt ? new Date(dto.earlyAccessOpensAt) : null;
  if (!isDay(dto.startDate)) throw invalid('startDate', 'startDate must be a date (YYYY-MM-DD)');
  if (!isDay(dto.endDate)) throw invalid('endDate', 'endDate must be a date (YYYY-MM-DD)');
  if (dto.endDate < dto.startDate) throw invalid('endDate', 'The end date cannot be before the start date');
  if (closes && closes <= opens) throw invalid('registrationClosesAt', 'Registration must close after it opens');
  if (early && early >= opens) throw invalid('earlyAccessOpensAt', 'Early access must open before registration opens');
  return {
    name: dto.name,
    startDate: dto.startDate,
    endDate: dto.endDate,
    registrationOpensAt: opens,
    registrationClosesAt: closes,
    earlyAccessOpensAt: early,
  };
}

/** The organization's terms (seasons) and their registration times. */
@Injectable()
export class TermsService {
  constructor(private readonly repo: TermsRepository) {}

  async list(organizationId: string) {
    return (await this.repo.list(organizationId)).map(mapTerm);
  }

  async get(organizationId: string, id: string) {
    const t = await this.repo.one(organizationId, id);
    if (!t) throw new NotFoundException(`Term with ID ${id} not found`);
    return mapTerm(t);
  }

  async create(organizationId: string, dto: CreateTermDto) {
    const id = await this.repo.insert(organizationId, toWrite(dto));
    return this.get(organizationId, id);
  }

  async update(organizationId: string, id: string, dto: CreateTermDto) {
    if (!(await this.repo.update(organizationId, id, toWrite(dto)))) throw new NotFoundException(`Term with ID ${id} not found`);
    return this.get(organizationId, id);
  }

  /** A term with classes is kept: its classes would silently lose their opening time. */
  async remove(organizationId: string, id: string) {
    const done = await this.repo.remove(organizationId, id);
    if (done === 'not-found') throw new NotFoundException(`Term with ID ${id} not found`);
    if (done === 'has-classes')
      throw new ConflictException('This term still has classes. Move them to another term (or to no term) before deleting it.');
    return { id };
  }

  /** The terms of an organization by id; an id of another organization's term is simply not among them. */
  async byIds(organizationId: string, ids: string[], m?: EntityManager): Promise<Map<string, TermRow>> {
    const unique = [...new Set(ids.filter(Boolean))];
    return new Map((await this.repo.byIds(organizationId, unique, m)).map((t) => [t.id, t]));
  }

  /**
   * One term of the organization, or null (a class's term). Given the organization's row as this request read it, a
   * copy kept under its `config_version` answers without a statement (ConfigCopies: every term write bumps the number
   * in its own transaction, a trigger). Every registration checks its class's opening against its term, so an
   * opening's rush reads each term once per instance instead of once per seat.
   */
  find(org: OrganizationRef, id: string | null, m?: EntityManager): Promise<TermRow | null> {
    if (!id) return Promise.resolve(null);
    const organizationId = organizationIdOf(org);
    return this.copies.get(org, id, async () => (await this.byIds(organizationId, [id], m)).get(id) ?? null);
  }
  /** The terms `find` read, one copy per term (null: no such term of the organization). */
  private readonly copies = new ConfigCopies<TermRow | null>(5000);

  /** The early-access job's claim: one due term, locked for the caller's transaction (SKIP LOCKED). */
  claimEarlyAccessDue(m: EntityManager, now: Date) {
    return this.repo.claimEarlyAccessDue(m, now);
  }

  earlierTermIds(m: EntityManager, organizationId: string, termId: string) {
    return this.repo.earlierTermIds(m, organizationId, termId);
  }

  markEarlyAccessSent(m: EntityManager, id: string, at: Date) {
    return this.repo.markEarlyAccessSent(m, id, at);
  }
}
