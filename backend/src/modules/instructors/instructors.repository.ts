import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { returning } from '../../common/db/returning';
import type { StoredPayRule } from './pay-rule';

export interface InstructorRow {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  bio: string;
  userId: string | null;
  payRule: StoredPayRule | null;
  createdAt: Date;
  updatedAt: Date;
}

export type InstructorFields = Pick<InstructorRow, 'name' | 'email' | 'phone' | 'bio' | 'userId' | 'payRule'>;

const INSTRUCTOR = `i.id, i.name, i.email, i.phone, i.bio, i.user_id AS "userId", i.pay_rule AS "payRule",
  i.created_at AS "createdAt", i.updated_at AS "updatedAt"`;
const values = (f: InstructorFields) => [f.name, f.email, f.phone, f.bio, f.userId, f.payRule === null ? null : JSON.stringify(f.payRule)];

/** The instructors table; every statement is scoped to one organization. */
@Injectable()
export class InstructorsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  list(organizationId: string): Promise<InstructorRow[]> {
    return this.db.query(`SELECT ${INSTRUCTOR} FROM instructors i WHERE i.organization_id = $1 ORDER BY lower(i.name), i.id`, [
      organizationId,
    ]);
  }

  async find(organizationId: string, id: string, manager: EntityManager | DataSource = this.db): Promise<InstructorRow | null> {
    const rows: InstructorRow[] = await manager.query(
      `SELECT ${INSTRUCTOR} FROM instructors i WHERE i.organization_id = $1 AND i.id = $2`,
      [organizationId, id],
    );
    return rows[0] ?? null;
  }

  async insert(organizationId: string, f: InstructorFields): Promise<string> {
    const rows: { id: string }[] = await this.db.query(
      `INSERT INTO instructors (organization_id, name, email, phone, bio, user_id, pay_rule)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb) RETURNING id`,
      [organizationId, ...values(f)],
    );
    return rows[0].id;
  }

  async update(manager: EntityManager, organizationId: string, id: string, f: InstructorFields): Promise<boolean> {
    const rows = await returning(
      manager,
      `UPDATE instructors SET name = $3, email = $4, phone = $5, bio = $6, user_id = $7, pay_rule = $8::jsonb, updated_at = now()
        WHERE organization_id = $1 AND id = $2 RETURNING id`,
      [organizationId, id, ...values(f)],
    );
    return rows.length === 1;
  }

  async delete(organizationId: string, id: string): Promise<boolean> {
    const rows = await returning(this.db, `DELETE FROM instructors WHERE organization_id = $1 AND id = $2 RETURNING id`, [
      organizationId,
      id,
    ]);
    return rows.length === 1;
  }
}
