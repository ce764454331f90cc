import { Module } from '@nestjs/common';
import { ClassesModule } from '../classes/classes.module';
import { OrganizationsModule } from '../organizations/organizations.module';
import { SeoController } from './seo.controller';

@Module({
  imports: [OrganizationsModule, ClassesModule],
  controllers: [SeoController],
})
export class SeoModule {}
