import { ConsoleLogger, type LogLevel } from '@nestjs/common';

/** Nest's own start-up chatter (modules loaded, routes mapped): shown only with LOG_LEVEL=debug. */
const NEST_BOOT_CONTEXTS = new Set(['NestFactory', 'InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestApplication']);

/**
 * The server's logger. Info (`log`) is on, so what the app writes at info reaches the log: in local mode
 * every email, reset links included, as `.env.example` promises. Only Nest's start-up lines are dropped
 * unless LOG_LEVEL=debug, so the start output stays readable.
 */
export class AppLogger extends ConsoleLogger {
  private readonly debugMode: boolean;

  constructor(logLevel: string | undefined = process.env.LOG_LEVEL) {
    const debugMode = logLevel === 'debug';
    const levels: LogLevel[] = debugMode ? ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'] : ['fatal', 'error', 'warn', 'log'];
    super({ logLevels: levels });
    this.debugMode = debugMode;
  }

  override log(message: unknown, ...rest: unknown[]): void {
    const context = rest[rest.length - 1];
    if (!this.debugMode && typeof context === 'string' && NEST_BOOT_CONTEXTS.has(context)) return;
    super.log(message, ...(rest as [string?]));
  }
}
