import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

const INDEX = 'virtual:i18n-catalogs';
const ONE = 'virtual:i18n-catalog/';

function compileOne(file: string, key: string, message: string): unknown {
  try {
    return compileMessageOrThrow(message);
  } catch (error) {
    throw new Error(`${path.basename(path.dirname(file))}/${path.basename(file)} "${key}": ${(error as Error).message}`, { cause: error });
  }
}

/** Compiles one catalog file's ICU messages into Lingui's runtime form; a syntax error fails the build. */
export function compileCatalog(file: string): Record<string, unknown> {
  const source = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  return Object.fromEntries(Object.entries(source).map(([key, message]) => [key, compileOne(file, key, message)]));
}

/**
 * The message catalogs in shared/i18n/<language>/<namespace>.json, compiled at build time so the browser gets
 * no ICU parser (docs/decisions/public-site-languages-lingui.md).
 * - `virtual:i18n-catalogs` exports `loaders`: one dynamic import per language and namespace, each its own chunk;
 * - `virtual:i18n-catalog/<language>/<namespace>` exports that catalog's compiled `messages` (the site imports
 *   the English `common` one statically: it is the first page's text for most visitors, and the tests' language).
 */
export function i18nCatalogs(dir: string, bundled = 'en/common'): Plugin {
  return {
    name: 'classlane-i18n-catalogs',
    resolveId(id) {
      return id === INDEX || id.startsWith(ONE) ? `\0${id}` : null;
    },
    load(id) {
      if (id === `\0${INDEX}`) {
        const entries = readdirSync(dir, { withFileTypes: true })
          .filter((d) => d.isDirectory())
          .flatMap((d) =>
            readdirSync(path.join(dir, d.name))
              .filter((f) => f.endsWith('.json'))
              .map((f) => `${d.name}/${f.slice(0, -'.json'.length)}`),
          );
        // The bundled catalog is in the entry chunk already: its loader hands over that copy, not a second chunk.
        const lines = entries.map((e) =>
          e === bundled
            ? `  ${JSON.stringify(e)}: () => Promise.resolve(bundled),`
            : `  ${JSON.stringify(e)}: () => import(${JSON.stringify(ONE + e)}),`,
        );
        return `import * as bundled from ${JSON.stringify(ONE + bundled)};\nexport const loaders = {\n${lines.join('\n')}\n};\n`;
      }
      if (id.startsWith(`\0${ONE}`)) {
        const file = path.join(dir, `${id.slice(ONE.length + 1)}.json`);
        this.addWatchFile(file);
        return `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(compileCatalog(file)))});\n`;
      }
      return null;
    },
  };
}
