import { Module, type OnModuleInit } from '@nestjs/common';
import { ClassesModule } from '../classes/classes.module';
import { CommunicationsModule } from '../communications/communications.module';
import { PublicClassExtras } from '../classes/public-class-extras';
import { RegistrationFormsController } from './registration-forms.controller';
import { RegistrationFormsRepository } from './registration-forms.repository';
import { RegistrationFormsService } from './registration-forms.service';
import { PublicForms } from './public-forms.service';
import { RegistrationQuestions } from './registration-questions.service';
import { WaiverSignLinksController } from './waiver-sign-links.controller';
import { WaiverSignLinksRepository } from './waiver-sign-links.repository';
import { WaiverSignLinksService } from './waiver-sign-links.service';
import { WaiversRepository } from './waivers.repository';
import { WaiversService } from './waivers.service';

/**
 * The organization's own registration questions with the answers given, and waivers with their immutable versions
 * and signed acceptances, and the links that ask people to sign a new version. The registration and payments modules (above) call `RegistrationFormsService.prepare`
 * and `.store`; the public class reply gets the form through the classes module's PublicClassExtras port.
 */
@Module({
  imports: [ClassesModule, CommunicationsModule],
  controllers: [RegistrationFormsController, WaiverSignLinksController],
  providers: [
    RegistrationFormsRepository,
    RegistrationFormsService,
    RegistrationQuestions,
    PublicForms,
    WaiversRepository,
    WaiversService,
    WaiverSignLinksRepository,
    WaiverSignLinksService,
  ],
  exports: [RegistrationFormsService, WaiversService],
})
export class RegistrationFormsModule implements OnModuleInit {
  constructor(
    private readonly extras: PublicClassExtras,
    private readonly forms: PublicForms,
  ) {}

  onModuleInit(): void {
    this.extras.register(
      (organizationId, classId) => this.forms.publicForm(organizationId, classId),
      (organizationId, classId) => this.forms.peekPublicForm(organizationId, classId),
    );
  }
}
