import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { SERVER_TIME_ZONE } from '../../common/time-zone';
import { toCents } from '../classes/class.entity';
import { ClassesService } from '../classes/classes.service';
import { OrganizationsService } from '../organizations/organizations.service';
import { TermsService } from '../terms/terms.service';
import { classEndDate, classPriceCents } from './class-end';
import type { PlanDefinitionDto, PlanSettingsDto } from './dto/payment-plan.dto';
import { PaymentPlanError, PaymentPlanException } from './payment-plans.exception';
import {
  DEFAULT_SETTINGS,
  PaymentPlansRepository,
  type PlanDefinitionRow,
  type PlanDefinitionWrite,
  type PlanSettingsRow,
} from './payment-plans.repository';

/** A definition as the API shows it: amounts in dollars, the deposit's value a percent or dollars by kind. */
export const mapDefinition = (d: PlanDefinitionRow) => ({
  id: d.id,
  name: d.name,
  classId: d.classId,
  termId: d.termId,
  depositKind: d.depositKind,
  depositValue: d.depositKind === 'amount' ? d.depositValue / 100 : d.depositValue,
  interval: d.interval,
  instalmentCount: d.instalmentCount,
  firstDueDate: d.firstDueDate,
  paidInFullBy: d.paidInFullBy,
  dueDates: d.dueDates,
  minPrice: d.minPriceCents / 100,
  surcharge: d.surchargeCents / 100,
  chooseBy: d.chooseBy,
  createdAt: d.createdAt,
  updatedAt: d.updatedAt,
});

const bad = (field: string, message: string) => new BadRequestException({ message, errors: { [field]: message } });
const refuse = (code: PaymentPlanError, field: string, message: string) =>
  new PaymentPlanException(code, message, { errors: { [field]: message } });

/**
 * The plans an organization offers and its plan settings (admin, org-scoped). A definition is checked against what
 * it is offered on: a class's price and last session, or a term's last day; a term's plans are checked again against
 * each class when a registration quotes them.
 */
@Injectable()
export class PlanDefinitionsService {
  constructor(
    private readonly repo: PaymentPlansRepository,
    private readonly classes: ClassesService,
    private readonly terms: TermsService,
    private readonly orgs: OrganizationsService,
  ) {}

  async list(organizationId: string) {
    return (await this.repo.listDefinitions(organizationId)).map(mapDefinition);
  }

  async one(organizationId: string, id: string) {
    return mapDefinition(await this.require(organizationId, id));
  }

  async create(organizationId: string, dto: PlanDefinitionDto) {
    return mapDefinition(await this.repo.createDefinition(organizationId, await this.checked(organizationId, dto)));
  }

  async update(organizationId: string, id: string, dto: PlanDefinitionDto) {
    await this.require(organizationId, id);
    const row = await this.repo.updateDefinition(organizationId, id, await this.checked(organizationId, dto));
    if (!row) throw new NotFoundException(`Payment plan with ID ${id} not found`);
    return mapDefinition(row);
  }

  /** Deleting a definition keeps the plans payers already chose (they copy its name and schedule). */
  async remove(organizationId: string, id: string) {
    if (!(await this.repo.deleteDefinition(organizationId, id))) throw new NotFoundException(`Payment plan with ID ${id} not found`);
    return { id, status: 'deleted' };
  }

  async settings(organizationId: string) {
    return this.repo.settings(organizationId);
  }

  async saveSettings(organizationId: string, dto: PlanSettingsDto): Promise<PlanSettingsRow> {
    const days = dto.retryDays;
    if (days.some((d, i) => i > 0 && d <= days[i - 1])) throw bad('retryDays', 'retryDays must be ascending, each day once');
    if (dto.pastDueAction === 'release' && (dto.releaseAfterDays === undefined || dto.releaseAfterDays === null))
      throw bad('releaseAfterDays', 'releaseAfterDays is required to release the seat: how many days past due');
    return this.repo.saveSettings(organizationId, {
      chargeHour: dto.chargeHour,
      retryDays: days,
      graceDays: dto.graceDays,
      reminderDays: dto.reminderDays ?? DEFAULT_SETTINGS.reminderDays,
      pastDueAction: dto.pastDueAction,
      releaseAfterDays: dto.pastDueAction === 'release' ? (dto.releaseAfterDays ?? null) : null,
      bankDebit: dto.bankDebit,
      consentText: dto.consentText || null,
    });
  }

  private async require(organizationId: string, id: string): Promise<PlanDefinitionRow> {
    const row = await this.repo.definition(organizationId, id);
    if (!row) throw new NotFoundException(`Payment plan with ID ${id} not found`);
    return row;
  }

  /** The request's own consistency, then what depends on the class or term it is offered on. */
  private async checked(organizationId: string, dto: PlanDefinitionDto): Promise<PlanDefinitionWrite> {
    const classId = dto.classId ?? null;
    const termId = dto.termId ?? null;
    if ((classId === null) === (termId === null)) throw bad('classId', 'Choose either a class (classId) or a term (termId) for this plan');
    const interval = dto.interval ?? null;
    const dueDates = dto.dueDates ?? null;
    if ((interval === null) === (dueDates === null))
      throw bad('interval', 'Choose either an interval with a "paid in full by" date, or explicit due dates');
    if (interval !== null && !dto.paidInFullBy) throw bad('paidInFullBy', 'paidInFullBy is required with an interval');
    if (dueDates !== null && (dto.instalmentCount || dto.firstDueDate))
      throw bad('dueDates', 'instalmentCount and firstDueDate go with an interval, not with explicit due dates');
    if (dto.firstDueDate && dto.paidInFullBy && dto.firstDueDate > dto.paidInFullBy)
      throw bad('firstDueDate', 'firstDueDate is after paidInFullBy');
    if (dueDates) {
      const dates = dueDates.map((d) => d.date);
      if (new Set(dates).size !== dates.length)
        throw refuse(PaymentPlanError.SharesDoNotAddUp, 'dueDates', 'Each due date can appear only once');
      const withPercent = dueDates.filter((d) => d.percent !== undefined && d.percent !== null);
      const sum = withPercent.reduce((a, d) => a + d.percent!, 0);
      if (withPercent.length && (withPercent.length !== dueDates.length || sum !== 100))
        throw refuse(
          PaymentPlanError.SharesDoNotAddUp,
          'dueDates',
          `The due dates' shares must add up to 100% of the balance (they add up to ${sum}%${withPercent.length !== dueDates.length ? ', and every date needs one' : ''})`,
        );
    }
    if (dto.depositKind === 'percent' && !Number.isInteger(dto.depositValue))
      throw bad('depositValue', 'A percent deposit is a whole number');
    if (dto.depositKind === 'percent' && dto.depositValue >= 100)
      throw refuse(PaymentPlanError.DepositAbovePrice, 'depositValue', 'A deposit of 100% or more leaves nothing to pay in instalments');
    const depositValue = dto.depositKind === 'amount' ? toCents(dto.depositValue) : dto.depositValue;
    const lastDate = dueDates ? [...dueDates.map((d) => d.date)].sort().at(-1)! : dto.paidInFullBy!;
    if (classId) {
      const cls = await this.classes.require(classId, organizationId);
      const price = classPriceCents(cls);
      if (price === 0) throw refuse(PaymentPlanError.FreeClass, 'classId', 'This class is free: there is nothing to pay in instalments');
      if (dto.depositKind === 'amount' && depositValue >= price)
        throw refuse(
          PaymentPlanError.DepositAbovePrice,
          'depositValue',
          `The deposit ($${(depositValue / 100).toFixed(2)}) must be less than the class's price ($${(price / 100).toFixed(2)})`,
        );
      const org = await this.orgs.require(organizationId);
      const end = classEndDate(cls, org.settings.timeZone ?? SERVER_TIME_ZONE);
      if (lastDate > end)
        throw refuse(
          PaymentPlanError.AfterClassEnds,
          dueDates ? 'dueDates' : 'paidInFullBy',
          `Instalments must be due by the class's last session (${end})`,
        );
    } else {
      const term = await this.terms.get(organizationId, termId!);
      if (lastDate > term.endDate)
        throw refuse(
          PaymentPlanError.AfterClassEnds,
          dueDates ? 'dueDates' : 'paidInFullBy',
          `Instalments must be due by the term's last day (${term.endDate})`,
        );
    }
    return {
      classId,
      termId,
      name: dto.name,
      depositKind: dto.depositKind,
      depositValue,
      instalmentCount: interval ? (dto.instalmentCount ?? null) : null,
      dueDates: dueDates ? dueDates.map((d) => ({ date: d.date, percent: d.percent ?? null })) : null,
      interval,
      firstDueDate: interval ? (dto.firstDueDate ?? null) : null,
      paidInFullBy: dto.paidInFullBy ?? null,
      minPriceCents: toCents(dto.minPrice ?? 0),
      surchargeCents: toCents(dto.surcharge ?? 0),
      chooseBy: dto.chooseBy ?? null,
    };
  }
}
