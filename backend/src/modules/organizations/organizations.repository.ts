import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { OrganizationEntity } from './organization.entity';

@Injectable()
export class OrganizationsRepository {
  constructor(@InjectRepository(OrganizationEntity) private readonly orgs: Repository<OrganizationEntity>) {}

  findById(id: string, manager?: EntityManager) {
    return (manager ? manager.getRepository(OrganizationEntity) : this.orgs).findOne({ where: { id } });
  }

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
    await manager.getRepository(OrganizationEntity).findOne({ where: { id }, select: { id: true }, lock: { mode: 'pessimistic_write' } });
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
}
