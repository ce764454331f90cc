import { Injectable, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { currentApiKey } from '../../common/auth/api-key';
import type { ActivityEventType } from './activity-event.entity';
import { ActivityRepository } from './activity.repository';
import type { Statement } from '../../common/db/together';

/** One event of an action, as recordMany takes it. */
export interface ActivityToRecord {
  type: ActivityEventType;
  description: string;
  metadata?: Record<string, unknown>;
}

/**
 * The server records activity itself when the underlying action happens (spec README decision 9).
 * Pass the transaction's manager so the event commits or rolls back with the action.
 */
@Injectable()
export class ActivityService {
  constructor(private readonly repo: ActivityRepository) {}

  async record(
    organizationId: string,
    eventType: ActivityEventType,
    description: string,
    metadata: Record<string, unknown> = {},
    manager?: EntityManager,
  ): Promise<void> {
    const [event] = attributed([{ description, metadata }]);
    await this.repo.insert(manager, { organizationId, eventType, ...event, eventDate: new Date() });
  }

  /** Several events of one action in one insert (same commit rules as `record`), in the order given. */
  async recordMany(organizationId: string, events: ActivityToRecord[], manager?: EntityManager): Promise<void> {
    await this.repo.insertMany(manager, this.rows(organizationId, events));
  }

  /**
   * recordMany's insert, for the caller's repository to send with its own write in one round trip (`together`): the
   * events then commit or roll back with that write's transaction. Null when there is no event.
   */
  recordManyStatement(organizationId: string, events: ActivityToRecord[]): Statement | null {
    return this.repo.insertManyStatement(this.rows(organizationId, events));
  }

  private rows(organizationId: string, events: ActivityToRecord[]) {
    const eventDate = new Date();
    return attributed(events.map((e) => ({ description: e.description, metadata: e.metadata ?? {} }))).map((e, i) => ({
      organizationId,
      eventType: events[i].type,
      ...e,
      eventDate,
    }));
  }

  /**
   * What a browser posted through the compatibility calls (POST /api/reporting/*): stored as client-reported,
   * returned to the caller, and left out of every list and report.
   */
  async recordClientReported(
    organizationId: string,
    eventType: ActivityEventType,
    description: string,
    metadata: Record<string, unknown>,
    eventDate: Date = new Date(),
  ) {
    const event = { organizationId, eventType, description, metadata, eventDate, clientReported: true };
    const id = await this.repo.insert(undefined, event);
    return { id, organizationId, eventType, description, metadata, eventDate };
  }

  latest(organizationId: string, limit: number) {
    return this.repo.findLatestOfOrganization(organizationId, limit);
  }

  /** What happened to one student (registrations, cancellations, switches, their own changes through the portal). */
  /** A student's history; another organization's student or an unknown id is 404. */
  async ofStudent(organizationId: string, studentId: string, limit: number) {
    if (!(await this.repo.studentInOrganization(organizationId, studentId))) throw new NotFoundException(`Student ${studentId} not found`);
    return this.repo.findOfStudent(organizationId, studentId, limit);
  }

  /** IT-admin bulk delete. */
  deleteAllOfOrganization(organizationId: string) {
    return this.repo.deleteAllOfOrganization(organizationId);
  }

  /** Erasure of a student: the log keeps their events with the name (`name`, as it was) taken out. */
  anonymiseStudent(manager: EntityManager, organizationId: string, studentId: string, name: string): Promise<void> {
    return this.repo.anonymiseStudent(manager, organizationId, studentId, name);
  }
}

/**
 * What a request made with an API key records says so ('… by API key Zapier'), with the key in the metadata:
 * the admin reading the log sees which integration acted (the key is the request's, see installApiKeyActor).
 */
function attributed(events: { description: string; metadata: Record<string, unknown> }[]) {
  const key = currentApiKey();
  if (!key) return events;
  return events.map((e) => ({
    description: `${e.description} by API key ${key.name}`,
    metadata: { ...e.metadata, apiKey: { id: key.id, name: key.name } },
  }));
}
