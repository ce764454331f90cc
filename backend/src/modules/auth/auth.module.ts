import { Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';
import { JwtStrategy, StaffJwtStrategy } from './jwt.strategies';
import type { AllConfigType } from '../../config/config.type';
import { MessageProvidersModule } from '../message-providers/message-providers.module';
import { PlatformAuditModule } from '../platform-audit/platform-audit.module';
import { AuthController } from './auth.controller';
import { AuthRepository } from './auth.repository';
import { AuthService } from './auth.service';
import { StaffAuthController } from './staff-auth.controller';
import { UserEntity } from './user.entity';

@Module({
  imports: [
    TypeOrmModule.forFeature([UserEntity]),
    PassportModule,
    MessageProvidersModule,
    PlatformAuditModule,
    JwtModule.registerAsync({
      inject: [ConfigService],
      useFactory: (config: ConfigService<AllConfigType>) => ({
        secret: config.getOrThrow('auth', { infer: true }).jwtSecret,
        signOptions: { algorithm: 'HS256' },
        verifyOptions: { algorithms: ['HS256'] },
      }),
    }),
  ],
  controllers: [AuthController, StaffAuthController],
  providers: [AuthRepository, AuthService, JwtStrategy, StaffJwtStrategy],
  exports: [AuthService],
})
export class AuthModule {}
