import { Module } from '@nestjs/common';
import { ClassesModule } from '../classes/classes.module';
import { CommunicationsModule } from '../communications/communications.module';
import { ConnectModule } from '../connect/connect.module';
import { OrganizationsModule } from '../organizations/organizations.module';
import { StripeModule } from '../stripe/stripe.module';
import { StudentsModule } from '../students/students.module';
import { WaitlistController } from './waitlist.controller';
import { WaitlistJobs } from './waitlist.jobs';
import { WaitlistRepository } from './waitlist.repository';
import { WaitlistService } from './waitlist.service';
import { WaitlistTokens } from './waitlist-tokens';

/**
 * The waitlist (issue 14 §1), owner of `waitlist_entries`. It plugs into ClassesService (seats freed anywhere are
 * offered first) and StudentsService (registering into an offered seat) at start-up, so neither imports this module.
 */
@Module({
  imports: [ClassesModule, StudentsModule, CommunicationsModule, OrganizationsModule, ConnectModule, StripeModule],
  controllers: [WaitlistController],
  providers: [WaitlistRepository, WaitlistService, WaitlistTokens, WaitlistJobs],
  exports: [WaitlistService],
})
export class WaitlistModule {}
