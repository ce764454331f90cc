import { Module, type OnModuleInit } from '@nestjs/common';
import { ClassesModule } from '../classes/classes.module';
import { PublicClassExtras } from '../classes/public-class-extras';
import { RegistrationFormsController } from './registration-forms.controller';
import { RegistrationFormsRepository } from './registration-forms.repository';
import { RegistrationFormsService } from './registration-forms.service';
import { WaiversRepository } from './waivers.repository';
import { WaiversService } from './waivers.service';

/**
 * The organization's own registration questions with the answers given, and waivers with their immutable versions
 * and signed acceptances. The registration and payments modules (above) call `RegistrationFormsService.prepare`
 * and `.store`; the public class reply gets the form through the classes module's PublicClassExtras port.
 */
@Module({
  imports: [ClassesModule],
  controllers: [RegistrationFormsController],
  providers: [RegistrationFormsRepository, RegistrationFormsService, WaiversRepository, WaiversService],
  exports: [RegistrationFormsService, WaiversService],
})
export class RegistrationFormsModule implements OnModuleInit {
  constructor(
    private readonly extras: PublicClassExtras,
    private readonly forms: RegistrationFormsService,
  ) {}

  onModuleInit(): void {
    this.extras.register((organizationId, classId) => this.forms.publicForm(organizationId, classId));
  }
}
