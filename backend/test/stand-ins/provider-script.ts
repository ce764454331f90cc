/**
 * What a provider stand-in does with the next requests, in order: answer with an error status and message, hang
 * (never answer: the client's timeout decides), or answer normally after a delay. An empty script: succeed.
 */
export type ScriptStep = { status: number; message?: string; code?: number } | { hang: true } | { delayMs: number };

export class ProviderScript {
  private readonly steps: ScriptStep[] = [];
  /** Applies to every request until cleared (a slow or failing provider for a while). */
  always: ScriptStep | null = null;

  push(...steps: ScriptStep[]): void {
    this.steps.push(...steps);
  }

  clear(): void {
    this.steps.length = 0;
    this.always = null;
  }

  next(): ScriptStep | null {
    return this.steps.shift() ?? this.always;
  }
}
