import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { OrganizationEntity } from './organization.entity';
import { OrganizationsController } from './organizations.controller';
import { OrganizationsRepository } from './organizations.repository';
import { OrganizationsService } from './organizations.service';
import { SettingsChangedHooks } from './settings-changed.hooks';

@Module({
  imports: [TypeOrmModule.forFeature([OrganizationEntity]), AuthModule, SubscriptionsModule],
  controllers: [OrganizationsController],
  providers: [OrganizationsRepository, OrganizationsService, SettingsChangedHooks],
  exports: [OrganizationsService, SettingsChangedHooks],
})
export class OrganizationsModule {}
