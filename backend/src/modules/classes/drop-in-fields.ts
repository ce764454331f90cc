import { toCents, type ClassEntity } from './class.entity';
import type { CreateClassDto } from './dto/class.dto';

/** The drop-in settings sent by the class form (issue 39 §3); a PUT without them keeps the class's own. */
export function dropInFields(dto: Pick<CreateClassDto, 'dropInPrice' | 'dropInCapacity' | 'dropInCutoffHours'>): Partial<ClassEntity> {
  const out: Partial<ClassEntity> = {};
  if (dto.dropInPrice !== undefined) out.dropInPriceCents = dto.dropInPrice === null ? null : toCents(dto.dropInPrice);
  if (dto.dropInCapacity !== undefined) out.dropInCapacity = dto.dropInCapacity;
  if (dto.dropInCutoffHours !== undefined) out.dropInCutoffHours = dto.dropInCutoffHours;
  return out;
}
