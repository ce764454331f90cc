// The emails to an organization's own admins (not to students), apart from the student messages: a different audience and different rules.
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AuthService } from '../auth/auth.service';
import { mapClass } from '../classes/class.entity';
import { ClassesService } from '../classes/classes.service';
import type { NewCommunication } from './communication.types';
import { CommunicationsRepository } from './communications.repository';
import { MessageComposer } from './message-composer';
import { classFacts, orgValues, personValues } from './message-format';
import { BUILT_IN, htmlEmail, render, type TemplateValues } from './templates';

/** An admin as the auth module lists them. */
type Admin = Awaited<ReturnType<AuthService['listUsers']>>[number];

/** The outbox row of one email to one admin: addressed to the user, with their name and contact as they are now. */
function toAdmin(
  u: Admin,
  m: Pick<NewCommunication, 'organizationId' | 'subject' | 'message' | 'html' | 'templateId' | 'kind' | 'dedupeKey'>,
): NewCommunication {
  return {
    organizationId: m.organizationId,
    recipientType: 'user',
    recipientId: u.id,
    recipient: { firstName: u.firstName, lastName: u.lastName, email: u.email, phone: u.phone ?? null },
    channel: 'email',
    toAddress: u.email,
    subject: m.subject,
    message: m.message,
    html: m.html,
    templateId: m.templateId,
    kind: m.kind,
    dedupeKey: m.dedupeKey,
  };
}

/**
 * Emails to the organization's admins (users with the admin role), queued inside the caller's transaction as every
 * message is. CommunicationsService hands these calls on, so other modules keep asking it alone.
 */
@Injectable()
export class AdminEmails {
  constructor(
    private readonly repo: CommunicationsRepository,
    private readonly composer: MessageComposer,
    private readonly auth: AuthService,
    private readonly classes: ClassesService,
  ) {}

  /**
   * Tells the organization's admins that a class is below its minimum at its go/no-go time, with what happened
   * (`outcome`). One email per admin and class. Answers how many were queued.
   */
  async queueBelowMinimumNotice(
    manager: EntityManager,
    c: { organizationId: string; classId: string; enrolled: number; minEnrollment: number; outcome: string },
  ): Promise<number> {
    const admins = (await this.auth.listUsers(c.organizationId)).filter((u) => u.role === 'admin');
    if (!admins.length) return 0;
    const cls = mapClass(await this.classes.require(c.classId, c.organizationId, manager));
    const org = await this.composer.look(c.organizationId, manager);
    let queued = 0;
    for (const u of admins) {
      const values: TemplateValues = {
        ...personValues(u),
        ...classFacts(cls),
        enrolledCount: String(c.enrolled),
        minEnrollment: String(c.minEnrollment),
        decisionOutcome: c.outcome,
        classUrl: `${this.composer.publicUrl}/admin/classes?classId=${cls.id}`,
        ...orgValues(org),
      };
      const own = await this.repo.activeTemplateFor(c.organizationId, 'class_below_minimum', 'email', manager);
      const subjectT = own ? (own.subjectTemplate ?? '') : BUILT_IN.class_below_minimum.email.subject;
      const message = render(own ? own.messageTemplate : BUILT_IN.class_below_minimum.email.message, values);
      const row = await this.repo.insert(
        toAdmin(u, {
          organizationId: c.organizationId,
          subject: render(subjectT, values),
          message,
          html: htmlEmail(message, org),
          templateId: own?.id ?? null,
          kind: 'class_below_minimum',
          // Once per class and start: a class moved and still below its minimum at its new decision time is news.
          dedupeKey: `class_below_minimum:${cls.id}:${new Date(cls.startDate).getTime()}:${u.id}:email`,
        }),
        manager,
      );
      if (row) queued += 1;
    }
    return queued;
  }

  /** An email written in full by the caller to each admin (or the users `who` picks); answers how many were queued. */
  async queueAdminEmail(
    manager: EntityManager,
    organizationId: string,
    m: { subject: string; message: string; dedupeKey: string },
    who: (u: Admin) => boolean = (u) => u.role === 'admin',
  ): Promise<number> {
    const admins = (await this.auth.listUsers(organizationId)).filter(who);
    const org = await this.composer.look(organizationId, manager);
    let queued = 0;
    for (const u of admins) {
      const row = await this.repo.insert(
        toAdmin(u, {
          organizationId,
          subject: m.subject,
          message: m.message,
          html: htmlEmail(m.message, org),
          templateId: null,
          kind: 'system',
          dedupeKey: `${m.dedupeKey}:${u.id}`,
        }),
        manager,
      );
      if (row) queued += 1;
    }
    return queued;
  }
}
