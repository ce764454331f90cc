import { ArgumentsHost, Catch, HttpException, HttpStatus, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { AllExceptionsFilter } from '../../common/http/all-exceptions.filter';
import { PlatformAuditService } from '../platform-audit/platform-audit.service';

const REASONS: Partial<Record<number, string>> = {
  [HttpStatus.TOO_MANY_REQUESTS]: 'too many attempts from this address',
  [HttpStatus.BAD_REQUEST]: 'invalid request',
};

/**
 * Staff sign-in attempts refused before the handler runs (the per-IP limit's 429, a malformed body's 400) go to the
 * platform audit log too, like the refusals the handler writes itself: someone hammering the staff sign-in is what
 * the log is for. The username tried (when the body has one), never the password. The reply is the usual one.
 */
@Injectable()
@Catch(HttpException)
export class StaffSignInRefusalsFilter extends AllExceptionsFilter {
  constructor(private readonly audit: PlatformAuditService) {
    super();
  }

  override async catch(exception: HttpException, host: ArgumentsHost): Promise<void> {
    const reason = REASONS[exception.getStatus()];
    if (reason) {
      const req = host.switchToHttp().getRequest<FastifyRequest>();
      const body = req.body as { username?: unknown } | undefined;
      const username = typeof body?.username === 'string' ? body.username.slice(0, 100) : '';
      await this.audit
        .record({
          staffId: null,
          staffUsername: username,
          action: 'auth.signin',
          request: { username },
          outcome: 'refused',
          detail: { reason },
          ip: req.ip ?? null,
        })
        .catch(() => undefined); // the refusal is answered whatever the log does
    }
    super.catch(exception, host);
  }
}
