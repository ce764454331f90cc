import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { CommunicationsRepository, type TemplateRow } from './communications.repository';
import type { TemplateDto } from './dto/communication.dto';
import { TEMPLATE_VARIABLES, unknownVariables, variablesOf } from './templates';

export const mapTemplate = (t: TemplateRow) => ({
  id: t.id,
  name: t.name,
  type: t.type,
  kind: t.kind,
  subject_template: t.subjectTemplate,
  message_template: t.messageTemplate,
  variables: t.variables,
  is_active: t.isActive,
  created_at: t.createdAt,
  updated_at: t.updatedAt,
});

/** The organization's own message templates (the Communication Center's template screen): checked, stored, listed. */
@Injectable()
export class MessageTemplatesService {
  constructor(private readonly repo: CommunicationsRepository) {}

  async templates(organizationId: string) {
    return (await this.repo.listTemplates(organizationId)).map(mapTemplate);
  }

  async template(organizationId: string, id: string) {
    const t = await this.repo.findTemplate(id, organizationId);
    if (!t) throw new NotFoundException('Template not found');
    return mapTemplate(t);
  }

  async createTemplate(organizationId: string, dto: TemplateDto) {
    return mapTemplate(await this.repo.insertTemplate({ organizationId, ...templateFields(dto) }));
  }

  async updateTemplate(organizationId: string, id: string, dto: TemplateDto) {
    const t = await this.repo.updateTemplate(id, organizationId, templateFields(dto));
    if (!t) throw new NotFoundException('Template not found');
    return mapTemplate(t);
  }

  async deleteTemplate(organizationId: string, id: string) {
    if (!(await this.repo.deleteTemplate(id, organizationId))) throw new NotFoundException('Template not found');
    return { id };
  }
}

function templateFields(dto: TemplateDto) {
  const unknown = unknownVariables(dto.subject_template, dto.message_template);
  if (unknown.length)
    throw new BadRequestException(
      `Unknown variable${unknown.length > 1 ? 's' : ''} ${unknown.map((v) => `{{${v}}}`).join(', ')}. Available: ${TEMPLATE_VARIABLES.map((v) => `{{${v}}}`).join(', ')}`,
    );
  return {
    name: dto.name,
    type: dto.type,
    kind: dto.kind ?? 'manual',
    subjectTemplate: dto.type === 'email' ? (dto.subject_template ?? null) : null,
    messageTemplate: dto.message_template,
    variables: variablesOf(dto.subject_template, dto.message_template),
    isActive: dto.is_active ?? true,
  };
}
