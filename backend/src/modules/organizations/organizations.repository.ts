import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { prepared } from '../../common/db/prepared';
import type { PlanFactsRow } from '../subscriptions/usage.service';
import { OrganizationEntity, type OrganizationSettings } from './organization.entity';

@Injectable()
export class OrganizationsRepository {
  constructor(@InjectRepository(OrganizationEntity) private readonly orgs: Repository<OrganizationEntity>) {}

  findById(id: string, manager?: EntityManager) {
    return (manager ? manager.getRepository(OrganizationEntity) : this.orgs).findOne({ where: { id } });
  }

  /**
   * The organization and its plan facts (as the subscriptions module's findPlanFacts reads them: the subscription, the
   * plans it can point at, the kept student count) in one prepared statement, without a TypeORM entity: a
   * registration needs both on every seat, and in an opening rush each round trip and each entity costs CPU.
   */
  async findWithPlanFacts(id: string, freePlanId: string): Promise<{ org: OrganizationEntity; facts: PlanFactsRow[] } | null> {
    this.withPlanSql ??= `SELECT ${this.orgs.metadata.columns.map((c) => `o.${c.databaseName} AS "o_${c.propertyName}"`).join(', ')},
        s.organization_id IS NOT NULL AS "hasRow", s.plan_id AS "planId", s.status,
        s.scheduled_plan_id AS "scheduledPlanId", s.scheduled_change_at AS "scheduledChangeAt",
        (SELECT u.students FROM organization_usage u WHERE u.organization_id = o.id) AS "keptStudents",
        to_jsonb(p) AS plan
      FROM organizations o LEFT JOIN subscriptions s ON s.organization_id = o.id
      LEFT JOIN subscription_plans p ON p.id IN ($2, s.plan_id, s.scheduled_plan_id)
      WHERE o.id = $1`;
    const rows = await prepared<Record<string, unknown>>(this.orgs.manager.connection, 'organizations.with-plan', this.withPlanSql, [
      id,
      freePlanId,
    ]);
    if (!rows.length) return null;
    const org = new OrganizationEntity();
    const facts = rows.map((r) => {
      const rest: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(r)) {
        if (k.startsWith('o_')) (org as unknown as Record<string, unknown>)[k.slice(2)] = v;
        else rest[k] = v;
      }
      return rest as unknown as PlanFactsRow;
    });
    return { org, facts };
  }
  private withPlanSql?: string;

  findByDomain(domain: string) {
    return this.orgs.createQueryBuilder('o').where('lower(o.domain) = lower(:domain)', { domain }).getOne();
  }

  domainTaken(domain: string, exceptId?: string) {
    const qb = this.orgs.createQueryBuilder('o').where('lower(o.domain) = lower(:domain)', { domain });
    if (exceptId) qb.andWhere('o.id <> :exceptId', { exceptId });
    return qb.getExists();
  }

  insert(manager: EntityManager, data: Partial<OrganizationEntity>) {
    return manager.save(OrganizationEntity, manager.create(OrganizationEntity, data));
  }

  async update(id: string, patch: Partial<OrganizationEntity>) {
    await this.orgs.update({ id }, patch as never);
    return this.orgs.findOneOrFail({ where: { id } });
  }

  /**
   * Row lock on the organization for the rest of the caller's transaction: serializes plan-limit checks
   * and registrations of one organization (students, classes). Lock order: organization, then class.
   */
  async lockForUpdate(manager: EntityManager, id: string) {
    // Plain SQL: every registration queues here, and building a find query costs more CPU than the lock's round trip.
    await manager.query('SELECT 1 FROM organizations WHERE id = $1 FOR UPDATE', [id]);
  }

  /**
   * Rewrites the settings in one transaction under the row lock: `change` gets the settings as they are and returns
   * the new ones, so two saves of different settings never lose each other's change. `patch`: other columns written
   * in the same transaction (the organization route's name, branding...), so a refused write leaves neither.
   * Null: no such organization.
   */
  async updateSettings(
    id: string,
    change: (current: OrganizationSettings) => OrganizationSettings,
    patch: Partial<OrganizationEntity> = {},
  ) {
    return this.orgs.manager.transaction(async (m) => {
      const rows: { settings: OrganizationSettings }[] = await m.query('SELECT settings FROM organizations WHERE id = $1 FOR UPDATE', [id]);
      if (!rows.length) return null;
      await m.query('UPDATE organizations SET settings = $2::jsonb, updated_at = now() WHERE id = $1', [
        id,
        JSON.stringify(change(rows[0].settings)),
      ]);
      if (Object.keys(patch).length) await m.update(OrganizationEntity, { id }, patch as never);
      return m.getRepository(OrganizationEntity).findOneOrFail({ where: { id } });
    });
  }

  /** The organization's cancellation policy as it stands (frozen onto an enrollment at registration). */
  async cancellationPolicies(manager: EntityManager, id: string) {
    const rows = await manager.query(`SELECT settings->'cancellationPolicies' AS p FROM organizations WHERE id = $1`, [id]);
    return (Array.isArray(rows[0]?.p) ? rows[0].p : []) as { daysBeforeClass: number; refundPercentage: number }[];
  }

  exists(id: string) {
    return this.orgs.exists({ where: { id } });
  }

  /** Every organization's id and last change, oldest first, for the sitemap. */
  listForSitemap(limit: number): Promise<{ id: string; updatedAt: Date }[]> {
    return this.orgs.find({ select: { id: true, updatedAt: true }, order: { createdAt: 'ASC' }, take: limit });
  }

  async delete(id: string) {
    const res = await this.orgs.delete({ id });
    return (res.affected ?? 0) > 0;
  }

  /**
   * One page of every organization for platform staff, with the total: `q` matches the name or the domain
   * (case-insensitive substring).
   */
  async listForStaff(params: {
    q?: string;
    sortField: 'created_at' | 'name' | 'updated_at';
    sortOrder: 'ASC' | 'DESC';
    offset: number;
    limit: number;
  }) {
    const qb = this.orgs.createQueryBuilder('o');
    if (params.q) {
      const like = `%${params.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      qb.where("(lower(o.name) LIKE :like OR lower(coalesce(o.domain, '')) LIKE :like)", { like });
    }
    const order = { name: 'lower(o.name)', created_at: 'o.createdAt', updated_at: 'o.updatedAt' }[params.sortField];
    return qb.orderBy(order, params.sortOrder).addOrderBy('o.id', 'ASC').offset(params.offset).limit(params.limit).getManyAndCount();
  }

  /** Inside the caller's transaction; ON DELETE CASCADE removes every row the organization owns. */
  async deleteWithin(manager: EntityManager, id: string): Promise<boolean> {
    const res = await manager.getRepository(OrganizationEntity).delete({ id });
    return (res.affected ?? 0) > 0;
  }
}
