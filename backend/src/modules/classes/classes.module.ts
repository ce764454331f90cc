import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OrganizationsModule } from '../organizations/organizations.module';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { ClassEntity } from './class.entity';
import { ClassesController } from './classes.controller';
import { ClassesRepository } from './classes.repository';
import { ClassesService } from './classes.service';
import { PublicListCache } from './public-list.cache';

@Module({
  imports: [TypeOrmModule.forFeature([ClassEntity]), OrganizationsModule, SubscriptionsModule],
  controllers: [ClassesController],
  providers: [ClassesRepository, ClassesService, PublicListCache],
  exports: [ClassesService],
})
export class ClassesModule {}
