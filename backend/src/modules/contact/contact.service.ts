import { Injectable, NotFoundException } from '@nestjs/common';
import { OrganizationsService } from '../organizations/organizations.service';
import { ContactRepository } from './contact.repository';
import type { ContactMessageDto } from './dto/contact-message.dto';

@Injectable()
export class ContactService {
  constructor(
    private readonly repo: ContactRepository,
    private readonly orgs: OrganizationsService,
  ) {}

  /** A message to an organization (organizationId) or to the platform (inquiryType, kept only for platform messages). */
  async send(dto: ContactMessageDto) {
    if (dto.organizationId && !(await this.orgs.exists(dto.organizationId))) throw new NotFoundException('Organization not found');
    const id = await this.repo.insert({
      organizationId: dto.organizationId ?? null,
      name: dto.name,
      email: dto.email,
      subject: dto.subject || null,
      message: dto.message,
      inquiryType: dto.organizationId ? null : (dto.inquiryType ?? null),
    });
    return { id, message: "Your message has been sent successfully! We'll get back to you soon." };
  }
}
