import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { PlatformAuditRepository, type AuditEntryInput } from './platform-audit.repository';

/** Keys whose values never reach the audit log, at any depth of a recorded request. */
const SECRET_KEYS = /password|secret|token|authorization|api[-_]?key/i;
const MAX_STRING = 200;

/** A request as the audit log keeps it: no secrets, long strings cut, at most a few levels deep. */
export function sanitizeForAudit(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}…` : value;
  if (value === null || typeof value !== 'object') return value;
  if (depth >= 4) return '[nested]';
  if (Array.isArray(value)) return value.slice(0, 20).map((v) => sanitizeForAudit(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value)
      .slice(0, 30)
      .map(([k, v]) => [k, SECRET_KEYS.test(k) ? '[redacted]' : sanitizeForAudit(v, depth + 1)]),
  );
}

/**
 * The platform-staff audit trail. Every staff action is written here, whatever its outcome; the table
 * is append-only in the database. Its own module so auth (sign-in) and the IT-admin portal both record here
 * without depending on each other.
 */
@Injectable()
export class PlatformAuditService {
  constructor(private readonly repo: PlatformAuditRepository) {}

  record(entry: AuditEntryInput, manager?: EntityManager): Promise<void> {
    return this.repo.insert(
      {
        ...entry,
        staffUsername: entry.staffUsername.slice(0, MAX_STRING),
        request: sanitizeForAudit(entry.request ?? {}) as Record<string, unknown>,
        detail: sanitizeForAudit(entry.detail ?? {}) as Record<string, unknown>,
      },
      manager,
    );
  }

  list(filter: { organizationId?: string; action?: string; outcome?: string }, offset: number, limit: number) {
    return this.repo.list(filter, offset, limit);
  }
}
