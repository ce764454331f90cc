import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsISO8601,
  IsOptional,
  IsUUID,
  ValidateIf,
  ValidateNested,
  registerDecorator,
} from 'class-validator';

/** What the pages report (spec 1 §2 A/B test and sign-in, spec 3 §3 class search); anything else is refused. */
const ANALYTICS_EVENT_NAMES = ['ab_assigned', 'ab_conversion', 'cta_click', 'sign_in', 'organization_created', 'class_search'] as const;
type AnalyticsEventName = (typeof ANALYTICS_EVENT_NAMES)[number];

const MAX_KEYS = 10;
const MAX_KEY_LENGTH = 40;
const MAX_TEXT = 200;

/** A flat object of a few short scalars: an event's details, never a free-form document. */
function IsEventProperties() {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'isEventProperties',
      target: target.constructor,
      propertyName,
      validator: {
        validate: (value: unknown) => {
          if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
          const entries = Object.entries(value);
          return (
            entries.length <= MAX_KEYS &&
            entries.every(
              ([k, v]) =>
                k.length <= MAX_KEY_LENGTH &&
                (v === null ||
                  typeof v === 'boolean' ||
                  (typeof v === 'number' && Number.isFinite(v)) ||
                  (typeof v === 'string' && v.length <= MAX_TEXT)),
            )
          );
        },
        defaultMessage: () => `properties must be an object of at most ${MAX_KEYS} short text, number, true/false or null values`,
      },
    });
}

export class AnalyticsEventDto {
  @IsIn(ANALYTICS_EVENT_NAMES, { message: `name must be one of ${ANALYTICS_EVENT_NAMES.join(', ')}` }) name: AnalyticsEventName;
  @IsOptional() @IsEventProperties() properties?: Record<string, string | number | boolean | null>;
  /** When it happened in the page (a beacon may be sent later, on page hide). */
  @IsOptional() @IsISO8601({ strict: true }, { message: 'timestamp must be an ISO 8601 date' }) timestamp?: string;
}

/** One beacon: a few events of one page, tagged with the organization whose page it was (none on marketing pages). */
export class AnalyticsBatchDto {
  @ValidateIf((_, v) => v !== null && v !== undefined) @IsUUID('all', { message: 'organizationId must be an id' }) organizationId?:
    string | null;
  @IsArray({ message: 'events must be a list' })
  @ArrayMinSize(1, { message: 'events must not be empty' })
  @ArrayMaxSize(20, { message: 'At most 20 events per request' })
  @ValidateNested({ each: true })
  @Type(() => AnalyticsEventDto)
  events: AnalyticsEventDto[];
}
