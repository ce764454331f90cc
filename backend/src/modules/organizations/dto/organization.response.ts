import { ApiProperty } from '@nestjs/swagger';
import { EXAMPLE_ORG_ID, EXAMPLE_TIME } from '../../../common/openapi/common.responses';
import { PlanResponseDto } from '../../subscriptions/dto/plan.response';
import { BrandingDto, ContactInfoDto, OrganizationSettingsDto } from './organization.dto';

// Branding, contact and settings replies have the shape their update DTOs accept: one class for both.
const BRANDING_EXAMPLE = {
  businessName: 'Sunrise Community Arts', slogan: 'Create, learn and grow together', logoUrl: '', websiteUrl: 'https://example.com',
  primaryColor: '#15385F', secondaryColor: '#3384A9', headerBackgroundColor: '#15385F', headerTextColor: '#ffffff',
  footerBackgroundColor: '#15385F', footerTextColor: '#ffffff', socialLinks: { facebook: '', twitter: '', instagram: '', youtube: '', linkedin: '' },
};
const CONTACT_EXAMPLE = { email: 'hello@sunrise-arts.example', phone: '(559) 555-0100', address: '120 Main St, Clovis, CA 93612' };

/** What anyone may see of an organization (public pages). */
export class PublicOrganizationResponseDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ORG_ID }) id: string;
  @ApiProperty({ example: 'Sunrise Community Arts' }) name: string;
  @ApiProperty({ type: ContactInfoDto, example: CONTACT_EXAMPLE }) contactInfo: ContactInfoDto;
  @ApiProperty({ type: BrandingDto, example: BRANDING_EXAMPLE }) branding: BrandingDto;
}

/** The whole organization, for its own admins. */
export class OrganizationResponseDto extends PublicOrganizationResponseDto {
  @ApiProperty({ type: 'string', nullable: true, example: null }) domain: string | null;
  @ApiProperty({ type: OrganizationSettingsDto }) settings: OrganizationSettingsDto;
  @ApiProperty({ example: 'essential' }) planId: string;
  @ApiProperty({ example: 'active' }) subscriptionStatus: string;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) createdAt: string;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) updatedAt: string;
}

export class OrganizationCreatedResponseDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ORG_ID }) id: string;
  @ApiProperty({ example: 'Sunrise Community Arts' }) name: string;
}

export class OrganizationDeletedResponseDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ORG_ID }) id: string;
  @ApiProperty({ example: true }) deleted: boolean;
}

export class UsageResponseDto {
  @ApiProperty({ example: 6 }) classes: number;
  @ApiProperty({ example: 6 }) students: number;
  @ApiProperty({ description: 'Paid enrollments this calendar month', example: 0 }) transactions: number;
}

export class SubscriptionValidationResponseDto {
  @ApiProperty({ example: true }) hasActiveSubscription: boolean;
  @ApiProperty({ example: true }) canAcceptOnlinePayments: boolean;
  @ApiProperty({ example: 'Essential' }) planName: string;
  @ApiProperty({ type: PlanResponseDto }) plan: PlanResponseDto;
  @ApiProperty({ type: UsageResponseDto }) usage: UsageResponseDto;
}
