import { ApiProperty } from '@nestjs/swagger';

export class ContactSentResponseDto {
  @ApiProperty({ format: 'uuid', example: 'c145306e-e737-4739-b013-08bb8b0cc132' }) id: string;
  @ApiProperty({ example: "Your message has been sent successfully! We'll get back to you soon." }) message: string;
}
