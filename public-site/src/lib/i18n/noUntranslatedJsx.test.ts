// @vitest-environment node
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import { noUntranslatedJsx } from '../../../../eslint-rules/no-untranslated-jsx.mjs';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
});

// The lint rule behind "no user-visible literal in JSX outside a catalog" (eslint.config.mjs, issue 42).
tester.run('classlane/no-untranslated-jsx', noUntranslatedJsx, {
  valid: [
    "const A = () => <h1>{t('org.available')}</h1>;",
    'const A = () => <span aria-hidden="true">← · 2</span>;',
    'const A = () => <Fact term={t(\'class.date\')} className="facts">{value}</Fact>;',
    'const A = () => <a href="/terms" className="link" target="_blank" rel="noopener">{label}</a>;',
    'const A = () => <Alert tone="error" title={title} />;',
  ],
  invalid: [
    { code: 'const A = () => <h2>Available Classes</h2>;', errors: [{ messageId: 'text' }] },
    { code: "const A = () => <p>{'Please try again.'}</p>;", errors: [{ messageId: 'text' }] },
    { code: 'const A = () => <p>{`${n} spots left`}</p>;', errors: [{ messageId: 'text' }] },
    { code: 'const A = () => <button aria-label="Close dialog">×</button>;', errors: [{ messageId: 'attribute' }] },
    { code: 'const A = () => <img alt="QR code" src={src} />;', errors: [{ messageId: 'attribute' }] },
    { code: 'const A = () => <Fact term="Phone">{phone}</Fact>;', errors: [{ messageId: 'attribute' }] },
    { code: 'const A = () => <PageLoading message="Loading classes..." />;', errors: [{ messageId: 'attribute' }] },
  ],
});
