import { ApiProperty } from '@nestjs/swagger';
import { EXAMPLE_ORG_ID, EXAMPLE_TIME } from '../../../common/openapi/common.responses';
import { PlanResponseDto } from '../../subscriptions/dto/plan.response';
import { defaultBranding } from '../defaults';
import { OrganizationSettingsDto } from './organization-settings.dto';

/** A new organization's branding (its colours are the defaults) with a slogan and website of its own. */
const BRANDING_EXAMPLE = {
  ...defaultBranding('Sunrise Community Arts'),
  slogan: 'Create, learn and grow together',
  websiteUrl: 'https://example.com',
};
const CONTACT_EXAMPLE = { email: 'hello@sunrise-arts.example', phone: '(559) 555-0100', address: '120 Main St, Clovis, CA 93612' };

/**
 * Replies carry every branding and contact field: the organization is created with defaults for all of them
 * (organizations/defaults.ts) and updates merge into the stored object. The update DTOs (BrandingDto,
 * ContactInfoDto) make each field optional; the replies do not, so the front ends' generated types need no guard.
 */
export class SocialLinksResponseDto {
  @ApiProperty({ example: '' }) facebook: string;
  @ApiProperty({ example: '' }) twitter: string;
  @ApiProperty({ example: '' }) instagram: string;
  @ApiProperty({ example: '' }) youtube: string;
  @ApiProperty({ example: '' }) linkedin: string;
}

export class BrandingResponseDto {
  @ApiProperty({ example: BRANDING_EXAMPLE.businessName }) businessName: string;
  @ApiProperty({ description: 'Empty when there is no logo', example: '' }) logoUrl: string;
  @ApiProperty({ example: BRANDING_EXAMPLE.primaryColor }) primaryColor: string;
  @ApiProperty({ example: BRANDING_EXAMPLE.secondaryColor }) secondaryColor: string;
  @ApiProperty({ example: BRANDING_EXAMPLE.headerBackgroundColor }) headerBackgroundColor: string;
  @ApiProperty({ example: BRANDING_EXAMPLE.headerTextColor }) headerTextColor: string;
  @ApiProperty({ example: BRANDING_EXAMPLE.footerBackgroundColor }) footerBackgroundColor: string;
  @ApiProperty({ example: BRANDING_EXAMPLE.footerTextColor }) footerTextColor: string;
  @ApiProperty({ example: BRANDING_EXAMPLE.slogan }) slogan: string;
  @ApiProperty({ description: 'Empty when not set', example: BRANDING_EXAMPLE.websiteUrl }) websiteUrl: string;
  @ApiProperty({ type: SocialLinksResponseDto }) socialLinks: SocialLinksResponseDto;
}

export class ContactInfoResponseDto {
  @ApiProperty({ description: 'Empty when not set', example: CONTACT_EXAMPLE.email }) email: string;
  @ApiProperty({ description: 'As the organization typed it; empty when not set', example: CONTACT_EXAMPLE.phone }) phone: string;
  @ApiProperty({ description: 'Empty when not set', example: CONTACT_EXAMPLE.address }) address: string;
}

/** What anyone may see of an organization (public pages). */
export class PublicOrganizationResponseDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ORG_ID }) id: string;
  @ApiProperty({ example: 'Sunrise Community Arts' }) name: string;
  @ApiProperty({ type: ContactInfoResponseDto, example: CONTACT_EXAMPLE }) contactInfo: ContactInfoResponseDto;
  @ApiProperty({ type: BrandingResponseDto, example: BRANDING_EXAMPLE }) branding: BrandingResponseDto;
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
