import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { OrganizationsModule } from '../organizations/organizations.module';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { PublicController } from './public.controller';
import { SettingsController } from './settings.controller';
import { SettingsService } from './settings.service';

@Module({
  imports: [OrganizationsModule, AuthModule, SubscriptionsModule],
  controllers: [SettingsController, PublicController],
  providers: [SettingsService],
})
export class SettingsModule {}
