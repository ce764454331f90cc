import { Injectable } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';

/** A question of the public registration form, as the class reply carries it. */
export class PublicQuestionDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'Allergies' }) label: string;
  @ApiProperty({ type: 'string', nullable: true, example: 'Food, latex, anything we should know' }) hint: string | null;
  @ApiProperty({ enum: ['short_text', 'long_text', 'single_choice', 'multi_choice', 'checkbox', 'date', 'number', 'phone'] }) type: string;
  @ApiProperty({ type: [String], example: [] }) options: string[];
  @ApiProperty() required: boolean;
  @ApiProperty({ description: 'Household registrations answer it for each person' }) perAttendee: boolean;
}

/** A waiver a registration for the class signs: its newest version. */
export class PublicWaiverDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'Kiln safety waiver' }) title: string;
  @ApiProperty({ format: 'uuid', description: 'Sign this version (waiverAcceptances[].waiverVersionId)' }) versionId: string;
  @ApiProperty({ example: 1 }) version: number;
  @ApiProperty({ description: 'Markdown' }) body: string;
  @ApiProperty({ description: 'The text rendered from Markdown (safe HTML: no raw HTML, no images, safe links)' }) bodyHtml: string;
  @ApiProperty() sha256: string;
}

export interface PublicClassForm {
  questions: PublicQuestionDto[];
  waivers: PublicWaiverDto[];
}

/**
 * The registration form of a class (its questions and waivers) on the public class reply. The module that owns the
 * form sits above this one, so it fills this port in its `onModuleInit` (like SeatsFreedHooks); without it the
 * reply carries empty lists.
 */
@Injectable()
export class PublicClassExtras {
  private source: ((organizationId: string, classId: string) => Promise<PublicClassForm>) | null = null;
  private peekSource: ((organizationId: string, classId: string) => PublicClassForm | undefined) | null = null;
  private static readonly NONE: PublicClassForm = { questions: [], waivers: [] };

  register(
    source: (organizationId: string, classId: string) => Promise<PublicClassForm>,
    peek?: (organizationId: string, classId: string) => PublicClassForm | undefined,
  ): void {
    this.source = source;
    this.peekSource = peek ?? null;
  }

  async formOf(organizationId: string, classId: string): Promise<PublicClassForm> {
    return this.source ? this.source(organizationId, classId) : PublicClassExtras.NONE;
  }

  /** The form if the owning module has it in memory now (no read), else undefined: the caller then uses `formOf`. */
  peek(organizationId: string, classId: string): PublicClassForm | undefined {
    if (!this.source) return PublicClassExtras.NONE;
    return this.peekSource ? this.peekSource(organizationId, classId) : undefined;
  }
}
