import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsNotEmptyObject, IsNumber, IsUUID, Max, Min, ValidateNested } from 'class-validator';
import { IsOptionalNotNull } from '../../../common/http/optional';
import { StudentFieldsDto } from '../../students/dto/student-fields.dto';

/** The admin sells a product in person to one of the organization's students; `paid` true: paid now (granted at once). */
export class InPersonSaleDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'productId must be a product id' })
  productId: string;

  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'studentId must be a student id' })
  studentId: string;

  @ApiPropertyOptional({ default: false, description: 'Paid now: the credit is granted in the same transaction' })
  @IsOptionalNotNull()
  @IsBoolean({ message: 'paid must be true or false' })
  paid?: boolean;
}

/** The public site's card checkout of a product: the buyer's details and the price the page showed (dollars). */
export class CardCheckoutDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'organizationId must be an id' })
  organizationId: string;

  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'productId must be a product id' })
  productId: string;

  @ApiProperty({ type: StudentFieldsDto })
  @IsNotEmptyObject({}, { message: 'buyer is required' })
  @ValidateNested()
  @Type(() => StudentFieldsDto)
  buyer: StudentFieldsDto;

  @ApiProperty({ example: 150, description: 'The price the page showed, in dollars' })
  @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false }, { message: 'amount must be an amount in dollars' })
  @Min(0, { message: 'amount must not be negative' })
  @Max(1_000_000, { message: 'amount must be at most 1000000' })
  amount: number;
}
