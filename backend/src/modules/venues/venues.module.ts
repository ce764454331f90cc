import { Module } from '@nestjs/common';
import { PlaceLabelHooks } from './place-label.hooks';
import { VenuesController } from './venues.controller';
import { VenuesRepository } from './venues.repository';
import { VenuesService } from './venues.service';

/**
 * Locations and their rooms. Below classes: a class names them, and the classes module registers a PlaceLabelHook so
 * a renamed place is what its classes say.
 */
@Module({
  controllers: [VenuesController],
  providers: [VenuesRepository, VenuesService, PlaceLabelHooks],
  exports: [VenuesService, PlaceLabelHooks],
})
export class VenuesModule {}
