import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { MakeupPolicyDto } from './dto/makeup-policy.dto';
import { DEFAULT_MAKEUP_POLICY, type MakeupPolicy } from './makeup-policy';
import { MakeupError, MakeupException } from './makeups.exception';
import { MakeupsRepository } from './makeups.repository';

/** The admin's make-up policies: the organization's own, and a class's that replaces it for that class. */
@Injectable()
export class MakeupPoliciesService {
  constructor(
    private readonly repo: MakeupsRepository,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  /** The organization's policy (its defaults when none is saved) and every class's own. */
  async list(organizationId: string): Promise<{ organization: MakeupPolicy; classes: MakeupPolicy[] }> {
    const all = await this.repo.policies(this.db.manager, organizationId);
    return { organization: all.find((p) => p.classId === null) ?? DEFAULT_MAKEUP_POLICY, classes: all.filter((p) => p.classId !== null) };
  }

  /** Saves the whole policy (fields left out take their defaults); `classId` null: the organization's. */
  async save(organizationId: string, classId: string | null, dto: MakeupPolicyDto): Promise<MakeupPolicy> {
    const p: MakeupPolicy = { ...DEFAULT_MAKEUP_POLICY, ...definedOf(dto), classId };
    if (p.eligible !== 'classes') p.eligibleClassIds = [];
    else if (p.eligibleClassIds.length === 0) {
      throw new MakeupException(MakeupError.PolicyInvalid, 'Choose at least one class a make-up may be booked in.');
    }
    p.eligibleClassIds = [...new Set(p.eligibleClassIds)];
    return this.db.transaction(async (m) => {
      if (classId !== null && (await this.repo.ownClassCount(m, organizationId, [classId])) === 0) {
        throw new NotFoundException(`Class with ID ${classId} not found`);
      }
      if (
        p.eligibleClassIds.length &&
        (await this.repo.ownClassCount(m, organizationId, p.eligibleClassIds)) !== p.eligibleClassIds.length
      ) {
        throw new MakeupException(MakeupError.PolicyInvalid, 'A class a make-up may be booked in was not found.');
      }
      return this.repo.savePolicy(m, organizationId, p);
    });
  }

  /** Removes a class's own policy: the organization's applies to it again. 404 when it had none. */
  async removeClassPolicy(organizationId: string, classId: string): Promise<{ classId: string; removed: true }> {
    const removed = await this.repo.deleteClassPolicy(this.db.manager, organizationId, classId);
    if (!removed) throw new NotFoundException('This class has no make-up policy of its own.');
    return { classId, removed: true };
  }
}

/** The fields the admin sent (undefined ones take the defaults; null is kept: "none"). */
function definedOf(dto: MakeupPolicyDto): Partial<MakeupPolicy> {
  return Object.fromEntries(Object.entries(dto).filter(([, v]) => v !== undefined)) as Partial<MakeupPolicy>;
}
