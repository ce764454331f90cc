import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { tokenJwtModule } from './bearer-tokens';
import { TypeOrmModule } from '@nestjs/typeorm';
import { JwtStrategy, StaffJwtStrategy } from './jwt.strategies';
import { MessageProvidersModule } from '../message-providers/message-providers.module';
import { PlatformAuditModule } from '../platform-audit/platform-audit.module';
import { AuthController } from './auth.controller';
import { AuthRepository } from './auth.repository';
import { AuthService } from './auth.service';
import { StaffAuthController } from './staff-auth.controller';
import { UserEntity } from './user.entity';

@Module({
  imports: [TypeOrmModule.forFeature([UserEntity]), PassportModule, MessageProvidersModule, PlatformAuditModule, tokenJwtModule()],
  controllers: [AuthController, StaffAuthController],
  providers: [AuthRepository, AuthService, JwtStrategy, StaffJwtStrategy],
  exports: [AuthService],
})
export class AuthModule {}
