import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { AppException } from '../../common/http/app-exception';
import { AuthService } from '../auth/auth.service';
import type { Channel, CommunicationRow, RecipientType } from './communication.types';
import { CommunicationsJobs } from './communications.jobs';
import { CommunicationsRepository } from './communications.repository';
import type { ScheduleCommunicationDto, SendCommunicationDto } from './dto/communication.dto';
import { MessageComposer } from './message-composer';
import { orgValues, personValues, snapshot } from './message-format';
import { toE164Phone } from './phone';
import { RecipientDirectoryPort } from './recipient-directory';
import { htmlEmail, render, type TemplateValues } from './templates';

export const mapCommunication = (r: CommunicationRow) => {
  const person = { ...r.recipient };
  return {
    id: r.id,
    recipient_type: r.recipientType,
    recipient_id: r.recipientId,
    communication_type: r.channel,
    to: r.toAddress,
    subject: r.subject,
    message: r.message,
    kind: r.kind,
    status: r.status,
    status_reason: r.statusReason,
    scheduled_at: r.scheduledAt,
    created_at: r.createdAt,
    sent_at: r.sentAt,
    attempts: r.attempts,
    max_attempts: r.maxAttempts,
    last_error: r.lastError,
    error_code: r.errorCode,
    provider_message_id: r.providerMessageId,
    template_id: r.templateId,
    students: r.recipientType === 'student' ? person : null,
    users: r.recipientType === 'user' ? person : null,
  };
};

/**
 * The Communication Center: who can be written to, a message written by an admin sent now or scheduled, cancelling
 * a scheduled one, and the logs. Every id is looked up in the caller's organization.
 */
@Injectable()
export class CommunicationCenterService {
  constructor(
    private readonly repo: CommunicationsRepository,
    private readonly jobs: CommunicationsJobs,
    private readonly students: RecipientDirectoryPort,
    private readonly auth: AuthService,
    private readonly composer: MessageComposer,
  ) {}

  async recipients(organizationId: string) {
    const [students, users] = await Promise.all([this.students.contacts(organizationId), this.auth.listUsers(organizationId)]);
    return [
      ...students.map((s) => ({
        id: s.id,
        type: 'student',
        firstName: s.firstName,
        lastName: s.lastName,
        email: s.email,
        phone: s.phone,
        communicationOptIn: s.communicationOptIn,
      })),
      ...users.map((u) => ({
        id: u.id,
        type: 'user',
        firstName: u.firstName,
        lastName: u.lastName,
        email: u.email,
        phone: u.phone,
        communicationOptIn: true,
      })),
    ];
  }

  send(organizationId: string, userId: string | null, dto: SendCommunicationDto) {
    return this.queueManual(organizationId, userId, dto, null);
  }

  schedule(organizationId: string, userId: string | null, dto: ScheduleCommunicationDto) {
    return this.queueManual(organizationId, userId, dto, dto.scheduledAt);
  }

  private async queueManual(organizationId: string, userId: string | null, dto: SendCommunicationDto, scheduledAt: Date | null) {
    if (dto.communicationType === 'email' && !dto.subject)
      throw new AppException(400, 'Subject is required for email', { errors: { subject: 'Subject is required for email' } });
    if (dto.communicationType === 'sms' && dto.subject)
      throw new AppException(400, 'Subject is only for email', { errors: { subject: 'Subject is only for email' } });
    const recipientType: RecipientType = dto.recipientType ?? 'student';
    const person = await this.recipient(organizationId, recipientType, dto.recipientId);
    if (dto.templateId && !(await this.repo.findTemplate(dto.templateId, organizationId)))
      throw new NotFoundException('Template not found');
    const channel: Channel = dto.communicationType;
    const to = this.addressOf(person, channel);
    if (channel === 'sms' && !person.optIn)
      throw new AppException(400, 'This student has not opted in to text messages', {
        errors: { recipientId: 'This student has not opted in to text messages' },
      });
    const org = await this.composer.look(organizationId);
    const values: TemplateValues = { ...personValues(person), ...orgValues(org) };
    const message = render(dto.message, values);
    const subject = channel === 'email' ? render(dto.subject ?? '', values) : null;
    const row = await this.repo.insert({
      organizationId,
      recipientType,
      recipientId: person.id,
      recipient: snapshot(person),
      channel,
      toAddress: to,
      subject,
      message,
      html:
        channel === 'email'
          ? htmlEmail(message, org, recipientType === 'student' ? this.composer.unsubscribeUrl(organizationId, person.id) : undefined)
          : null,
      templateId: dto.templateId ?? null,
      kind: 'manual',
      scheduledAt: scheduledAt ?? undefined,
      createdBy: userId,
    });
    if (!scheduledAt) this.jobs.wake();
    return mapCommunication(row!);
  }

  async cancel(organizationId: string, id: string) {
    const cancelled = await this.repo.cancel(id, organizationId);
    if (cancelled) return mapCommunication(cancelled);
    const row = await this.repo.find(id, organizationId);
    if (!row) throw new NotFoundException('Scheduled communication not found');
    throw new ConflictException(
      row.status === 'sending'
        ? 'This communication is being sent and can no longer be cancelled'
        : `Only a pending communication can be cancelled (this one is ${row.status})`,
    );
  }

  async logs(organizationId: string, limit = 50) {
    return (await this.repo.history(organizationId, limit)).map(mapCommunication);
  }

  async scheduled(organizationId: string, limit = 50) {
    return (await this.repo.scheduled(organizationId, limit)).map(mapCommunication);
  }

  async studentHistory(organizationId: string, studentId: string, limit = 50) {
    if (!(await this.students.find(organizationId, studentId))) throw new NotFoundException(`Student ${studentId} not found`);
    return (await this.repo.history(organizationId, limit, studentId)).map(mapCommunication);
  }

  /** A student or user of this organization; anyone else is 404 (decision 4: no one reaches another organization's people). */
  private async recipient(organizationId: string, type: RecipientType, id: string) {
    if (type === 'student') {
      const s = await this.students.find(organizationId, id);
      if (!s) throw new NotFoundException('Recipient not found');
      return { id: s.id, firstName: s.firstName, lastName: s.lastName, email: s.email, phone: s.phone, optIn: s.communicationOptIn };
    }
    try {
      const u = await this.auth.getUser(id, organizationId);
      return { id: u.id, firstName: u.firstName, lastName: u.lastName, email: u.email, phone: u.phone, optIn: true };
    } catch (e) {
      if (e instanceof NotFoundException) throw new NotFoundException('Recipient not found');
      throw e;
    }
  }

  private addressOf(person: { email: string; phone: string | null }, channel: Channel): string {
    if (channel === 'email') return person.email;
    const phone = toE164Phone(person.phone);
    if (!phone)
      throw new AppException(400, 'This recipient has no valid mobile number', {
        errors: { recipientId: 'This recipient has no valid mobile number' },
      });
    return phone;
  }
}
