import { Body, Controller, Delete, Get, Param, Put } from '@nestjs/common';
import { OrgId } from '../../common/auth/auth-user';
import { Role, Roles } from '../../common/auth/roles';
import { UuidParam } from '../../common/http/uuid.pipe';
import { ApiEnvelope, ApiRequestExample } from '../../common/openapi/api-envelope';
import { MakeupPolicyDto } from './dto/makeup-policy.dto';
import { MakeupPoliciesResponseDto, MakeupPolicyRemovedDto, MakeupPolicyResponseDto } from './dto/makeups.response';
import { MakeupPoliciesService } from './makeup-policies.service';

const EXAMPLE = {
  announceHoursBefore: 24,
  capPerMonth: 2,
  expiryDays: 30,
  bookAheadDays: 60,
  bookUntilHoursBefore: 2,
  eligible: 'same_term',
  extraSeats: 1,
};

/** The organization's make-up policy and each class's own (issue 41 §3). Admins only. */
@Roles(Role.Admin)
@Controller('makeup-policies')
export class MakeupPoliciesController {
  constructor(private readonly policies: MakeupPoliciesService) {}

  @ApiEnvelope(MakeupPoliciesResponseDto, {
    description: "The organization's make-up policy (its defaults until saved: no tokens) and every class's own",
  })
  @Get()
  list(@OrgId() orgId: string) {
    return this.policies.list(orgId);
  }

  @ApiEnvelope(MakeupPolicyResponseDto, {
    description:
      "Saves the organization's make-up policy (the whole policy: a field left out takes its default). 400 MAKEUP_POLICY_INVALID",
  })
  @ApiRequestExample(EXAMPLE)
  @Put()
  save(@OrgId() orgId: string, @Body() dto: MakeupPolicyDto) {
    return this.policies.save(orgId, null, dto);
  }

  @ApiEnvelope(MakeupPolicyResponseDto, {
    description: "Saves a class's own make-up policy, used instead of the organization's. 404 for another organization's class",
  })
  @ApiRequestExample(EXAMPLE)
  @Put('classes/:classId')
  saveForClass(@OrgId() orgId: string, @Param('classId', UuidParam) classId: string, @Body() dto: MakeupPolicyDto) {
    return this.policies.save(orgId, classId, dto);
  }

  @ApiEnvelope(MakeupPolicyRemovedDto, {
    description: "Removes a class's own make-up policy: the organization's applies to it again. 404 when it has none",
  })
  @Delete('classes/:classId')
  removeForClass(@OrgId() orgId: string, @Param('classId', UuidParam) classId: string) {
    return this.policies.removeClassPolicy(orgId, classId);
  }
}
