import { Module } from '@nestjs/common';
import { PlatformAuditRepository } from './platform-audit.repository';
import { PlatformAuditService } from './platform-audit.service';

/** The append-only audit log of platform-staff actions; imported by auth (staff sign-in) and it-admin. */
@Module({
  providers: [PlatformAuditRepository, PlatformAuditService],
  exports: [PlatformAuditService],
})
export class PlatformAuditModule {}
