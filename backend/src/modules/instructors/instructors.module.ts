import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { InstructorNameHooks } from './instructor-name.hooks';
import { InstructorsController } from './instructors.controller';
import { InstructorsRepository } from './instructors.repository';
import { InstructorsService } from './instructors.service';

/**
 * Instructors as records, with their pay rule. Below classes: a class names one, and the classes module registers an
 * InstructorNameHook so a renamed instructor is what their classes say.
 */
@Module({
  imports: [AuthModule],
  controllers: [InstructorsController],
  providers: [InstructorsRepository, InstructorsService, InstructorNameHooks],
  exports: [InstructorsService, InstructorNameHooks],
})
export class InstructorsModule {}
