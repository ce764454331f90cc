import { Module } from '@nestjs/common';
import { ClassesModule } from '../classes/classes.module';
import { OrganizationsModule } from '../organizations/organizations.module';
import { TermsModule } from '../terms/terms.module';
import { WaitingRoomTickets } from './waiting-room-tickets';
import { WaitingRoomLinesController } from './waiting-room-lines.controller';
import { WaitingRoomController } from './waiting-room.controller';
import { WaitingRoomJobs } from './waiting-room.jobs';
import { WaitingRoomRepository } from './waiting-room.repository';
import { WaitingRoomService } from './waiting-room.service';

/**
 * The opening's waiting room (an organization's opt-in): the line of each opening and its signed tickets. Sits with
 * the catalogue above classes and terms (an opening is a class's or its term's); the registration check above it asks
 * `assertAdmitted`. A job deletes the lines of openings long past.
 */
@Module({
  imports: [ClassesModule, TermsModule, OrganizationsModule],
  controllers: [WaitingRoomController, WaitingRoomLinesController],
  providers: [WaitingRoomRepository, WaitingRoomTickets, WaitingRoomService, WaitingRoomJobs],
  exports: [WaitingRoomService],
})
export class WaitingRoomModule {}
