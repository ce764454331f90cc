import { Module } from '@nestjs/common';
import { OrganizationsModule } from '../organizations/organizations.module';
import { EmbedController } from './embed.controller';
import { EmbedFramePolicy } from './embed-frame.policy';

/** The booking widget for organizations' own sites: its loader script and which sites may frame its pages. */
@Module({
  imports: [OrganizationsModule],
  controllers: [EmbedController],
  providers: [EmbedFramePolicy],
  exports: [EmbedFramePolicy],
})
export class EmbedModule {}
