import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClassEntity } from '../classes/class.entity';
import { TeacherClassesController } from './teacher-classes.controller';
import { TeacherClassesRepository } from './teacher-classes.repository';
import { TeacherClassesService } from './teacher-classes.service';

@Module({
  imports: [TypeOrmModule.forFeature([ClassEntity])],
  controllers: [TeacherClassesController],
  providers: [TeacherClassesRepository, TeacherClassesService],
})
export class TeacherModule {}
