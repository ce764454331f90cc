import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { OrganizationEntity } from './organization.entity';

@Injectable()
export class OrganizationsRepository {
  constructor(@InjectRepository(OrganizationEntity) private readonly orgs: Repository<OrganizationEntity>) {}

  findById(id: string) {
    return this.orgs.findOne({ where: { id } });
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

  async delete(id: string) {
    const res = await this.orgs.delete({ id });
    return (res.affected ?? 0) > 0;
  }
}
