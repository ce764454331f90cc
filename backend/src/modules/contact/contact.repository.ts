import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

interface NewContactMessage {
  organizationId: string | null;
  name: string;
  email: string;
  subject: string | null;
  message: string;
  inquiryType: string | null;
}

/** contact_messages: the contact module's table (no entity: it is only ever inserted into). */
@Injectable()
export class ContactRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async insert(m: NewContactMessage): Promise<string> {
    const [row] = await this.db.query(
      `INSERT INTO contact_messages (organization_id, name, email, subject, message, inquiry_type)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [m.organizationId, m.name, m.email, m.subject, m.message, m.inquiryType],
    );
    return row.id;
  }
}
