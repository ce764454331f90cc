import { HttpException, Injectable, Logger } from '@nestjs/common';
import { PlatformAuditService } from '../platform-audit/platform-audit.service';
import type { StaffUser } from '../../common/auth/auth-user';

/** Who asked, from where, and for what: every staff action is audited with it. */
export interface StaffContext {
  staff: StaffUser;
  ip: string | null;
  method: string;
  path: string;
}

/** What a staff action answers, and what its audit entry records. */
export interface StaffActionDone<T> {
  result: T;
  detail?: Record<string, unknown>;
  message?: string;
}

/**
 * Runs one staff action and writes its audit entry: success with the action's detail, 'refused' for a 4xx, 'failed'
 * otherwise (spec 3 §7: every IT-admin action is audited, refused ones too). Shared by the portal's services.
 */
@Injectable()
export class StaffActions {
  private readonly logger = new Logger(StaffActions.name);

  constructor(private readonly audit: PlatformAuditService) {}

  async audited<T>(
    ctx: StaffContext,
    action: string,
    target: string | null,
    request: Record<string, unknown>,
    fn: () => Promise<StaffActionDone<T>>,
  ): Promise<{ result: T; message?: string }> {
    const base = {
      staffId: ctx.staff.staffId,
      staffUsername: ctx.staff.username,
      action,
      targetOrganizationId: target,
      request: { method: ctx.method, path: ctx.path, ...request },
      ip: ctx.ip,
    };
    let done: StaffActionDone<T>;
    try {
      done = await fn();
    } catch (e) {
      const status = e instanceof HttpException ? e.getStatus() : 500;
      const refused = status < 500;
      try {
        await this.audit.record({ ...base, outcome: refused ? 'refused' : 'failed', detail: { status, error: (e as Error).message } });
      } catch (auditError) {
        this.logger.error(`Audit entry for ${action} could not be written: ${(auditError as Error).message}`);
      }
      throw e;
    }
    await this.audit.record({ ...base, outcome: 'success', detail: done.detail ?? {} });
    return { result: done.result, message: done.message };
  }
}
