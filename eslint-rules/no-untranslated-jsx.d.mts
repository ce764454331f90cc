// Types for the rule's test (public-site/src/lib/i18n/noUntranslatedJsx.test.ts).
import type { Rule } from 'eslint';
export declare const noUntranslatedJsx: Rule.RuleModule;
