import { Injectable } from '@nestjs/common';

/**
 * What another module does once an organization's settings were written in this process: the classes module drops its
 * public list copy, whose replies show settings (the time zone, until when the waiting room is on). Other instances
 * see the change at their copy's next whole read (a few seconds); a registration reads the settings itself.
 */
export interface SettingsChangedHook {
  settingsChanged(organizationId: string): void;
}

/** Where modules above this one register their hook (in `onModuleInit`, like StripeEventHandlers). */
@Injectable()
export class SettingsChangedHooks {
  private readonly hooks: SettingsChangedHook[] = [];

  register(hook: SettingsChangedHook): void {
    this.hooks.push(hook);
  }

  run(organizationId: string): void {
    for (const hook of this.hooks) hook.settingsChanged(organizationId);
  }
}
