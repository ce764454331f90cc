/**
 * A user-visible literal in JSX that is not in a message catalog (issue 42): text between tags, a string in `{'…'}`
 * as a child, or a string given to an attribute a person reads or hears (aria-label, title, alt, placeholder…).
 * Punctuation, symbols and numbers alone (·, ←, 2) are not words and pass. The fix: a key in
 * shared/i18n/<language>/<namespace>.json and `t('key')` (or `<Rich id="key">` around elements).
 */
const READ_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-valuetext',
  'aria-placeholder',
  'title',
  'alt',
  'placeholder',
  'label',
]);
// On our own components (a capitalized name) a string prop is read by someone (term="Phone", title="…") unless it
// is one of these technical ones.
const TECHNICAL_PROPS =
  /^(.*Id|className|href|to|id|key|type|name|role|rel|target|tone|mode|variant|size|kind|layout|fileName|url|autoComplete|inputMode|htmlFor|lang|dir|method|action|src|path|as|data-.*|aria-(?!label|description|valuetext|placeholder).*)$/;
const WORDS = /\p{L}/u;

export const noUntranslatedJsx = {
  meta: {
    type: 'problem',
    docs: { description: 'User-visible JSX text must come from a message catalog' },
    messages: {
      text: 'Untranslated text in JSX: "{{text}}". Put it in shared/i18n/<language>/<namespace>.json and use t().',
      attribute: 'Untranslated {{name}}="{{text}}". Put it in shared/i18n/<language>/<namespace>.json and use t().',
    },
    schema: [],
  },
  create(context) {
    const report = (node, messageId, text, name) => context.report({ node, messageId, data: { text: text.trim().slice(0, 40), name } });
    const isWords = (value) => typeof value === 'string' && WORDS.test(value);
    return {
      JSXText(node) {
        if (isWords(node.value)) report(node, 'text', node.value);
      },
      JSXExpressionContainer(node) {
        const e = node.expression;
        if (node.parent.type === 'JSXAttribute') return;
        if (e.type === 'Literal' && isWords(e.value)) report(node, 'text', e.value);
        if (e.type === 'TemplateLiteral' && e.quasis.some((q) => isWords(q.value.cooked))) report(node, 'text', e.quasis[0].value.cooked);
      },
      JSXAttribute(node) {
        const name = typeof node.name.name === 'string' ? node.name.name : '';
        const element = node.parent.name;
        const component = element.type === 'JSXIdentifier' ? /^[A-Z]/.test(element.name) : element.type === 'JSXMemberExpression';
        const read = READ_ATTRIBUTES.has(name) || (component && !TECHNICAL_PROPS.test(name));
        if (!read || !node.value) return;
        const v = node.value.type === 'JSXExpressionContainer' ? node.value.expression : node.value;
        if (v.type === 'Literal' && isWords(v.value)) report(node, 'attribute', v.value, name);
        if (v.type === 'TemplateLiteral' && v.quasis.some((q) => isWords(q.value.cooked)))
          report(node, 'attribute', v.quasis[0].value.cooked, name);
      },
    };
  },
};
