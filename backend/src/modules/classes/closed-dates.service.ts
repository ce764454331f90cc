// The organization's closed dates (holidays): a new schedule skips them; sessions already on one are listed, not cancelled.
import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { mapSession, type SessionResponse } from './class-session.entity';
import { ClassSessionsRepository } from './class-sessions.repository';
import { ClassSessionsService } from './class-sessions.service';
import { ClassError, ClassException } from './classes.exception';
import { ClosedDatesRepository, type ClosedDate } from './closed-dates.repository';
import type { ClosedDateDto } from './dto/closed-date.dto';

const taken = (date: string) =>
  new ClassException(ClassError.ClosedDateTaken, `${date} is already a closed date`, { errors: { date: 'Already closed' } });

/** The date must exist on the calendar (the DTO checks only its shape: 2027-02-30 passes it). */
function realDate(date: string): string {
  if (new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) !== date) {
    throw new BadRequestException({ message: `${date} is not a date on the calendar`, errors: { date: 'Not a date on the calendar' } });
  }
  return date;
}

@Injectable()
export class ClosedDatesService {
  constructor(
    private readonly repo: ClosedDatesRepository,
    private readonly sessionsRepo: ClassSessionsRepository,
    private readonly sessions: ClassSessionsService,
  ) {}

  list(organizationId: string): Promise<ClosedDate[]> {
    return this.repo.list(organizationId);
  }

  async create(organizationId: string, dto: ClosedDateDto): Promise<ClosedDate> {
    const row = await this.repo.insert(organizationId, dto.name.trim(), realDate(dto.date));
    if (!row) throw taken(dto.date);
    return row;
  }

  async update(organizationId: string, id: string, dto: ClosedDateDto): Promise<ClosedDate> {
    const row = await this.repo.update(organizationId, id, dto.name.trim(), realDate(dto.date));
    if (row === 'taken') throw taken(dto.date);
    if (!row) throw new NotFoundException(`Closed date with ID ${id} not found`);
    return row;
  }

  async delete(organizationId: string, id: string): Promise<{ id: string }> {
    if (!(await this.repo.delete(organizationId, id))) throw new NotFoundException(`Closed date with ID ${id} not found`);
    return { id };
  }

  /** The scheduled sessions that fall on a closed date, for the admin to cancel or keep (nothing is cancelled here). */
  async affectedSessions(organizationId: string, id: string): Promise<SessionResponse[]> {
    const closed = await this.repo.find(organizationId, id);
    if (!closed) throw new NotFoundException(`Closed date with ID ${id} not found`);
    const zone = await this.sessions.zoneOf(organizationId);
    return (await this.sessionsRepo.onLocalDate(organizationId, closed.date, zone)).map(mapSession);
  }
}
