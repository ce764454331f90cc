import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';

/**
 * organization.json, written to a temporary file while the CSV entries read each table, so every table is read from
 * the database once, not once per file. The ZIP takes it as its last entry, after every CSV has been read (yazl reads
 * its entries one at a time, in order). The file is the caller's only (0600) and is removed once read, or when the
 * export is abandoned (`discard`).
 */
export class JsonSpool {
  private readonly file = path.join(os.tmpdir(), `classlane-export-${randomUUID()}.json`);
  private readonly out = fs.createWriteStream(this.file, { flags: 'wx', mode: 0o600 });
  private failure: Error | null = null;
  private discarded = false;
  private first = true;

  constructor(head: Record<string, unknown>) {
    this.out.on('error', (e) => (this.failure = e));
    void this.write(
      `{${Object.entries(head)
        .map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`)
        .join(',')}`,
    );
  }

  /** Starts a table's array (`name: [`). */
  begin(name: string): Promise<void> {
    this.first = true;
    return this.write(`,${JSON.stringify(name)}:[`);
  }

  row(row: Record<string, unknown>): Promise<void> {
    const text = (this.first ? '' : ',') + JSON.stringify(row);
    this.first = false;
    return this.write(text);
  }

  end(): Promise<void> {
    return this.write(']');
  }

  /** The finished document, streamed from the file, which is then removed. */
  read(): Readable {
    return Readable.from(this.contents());
  }

  private async *contents(): AsyncGenerator<Buffer> {
    try {
      this.out.end('}\n');
      await finished(this.out);
      if (this.failure) throw this.failure;
      yield* fs.createReadStream(this.file);
    } finally {
      await this.discard();
    }
  }

  /**
   * Removes the file (also when the download stopped halfway; later writes are dropped). The stream is closed first:
   * destroyed while its file is still being opened, it would create the file after a removal that did not wait.
   */
  async discard(): Promise<void> {
    this.discarded = true;
    if (!this.out.closed)
      await new Promise<void>((resolve) => {
        this.out.once('close', () => resolve());
        this.out.destroy();
      });
    await fs.promises.rm(this.file, { force: true });
  }

  /** Waits for the file to take more when its buffer is full, so a large export stays within bounded memory. */
  private async write(text: string): Promise<void> {
    if (this.discarded) return;
    if (this.failure) throw this.failure;
    if (this.out.write(text)) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        this.out.off('drain', done).off('close', done);
        resolve();
      };
      this.out.on('drain', done).on('close', done);
    });
  }
}
