import { describe, expect, it } from 'vitest';
import { renderXml } from './render-xml.js';

const HEAD = '<?xml version="1.0"?>\n';

describe("the commerce platform's XML renderer", () => {
  it('wraps the answer in <response> with two-space indentation', () => {
    expect(renderXml({ message: 'hi', parameters: { resources: 'self' } })).toBe(
      `${HEAD}<response>\n  <message>hi</message>\n  <parameters>\n    <resources>self</resources>\n  </parameters>\n</response>\n`,
    );
  });

  it('renders a scalar answer as the text of <response>', () => {
    expect(renderXml('abc123')).toBe(`${HEAD}<response>abc123</response>\n`);
    expect(renderXml(true)).toBe(`${HEAD}<response>true</response>\n`);
    expect(renderXml(false)).toBe(`${HEAD}<response>false</response>\n`);
    expect(renderXml(42)).toBe(`${HEAD}<response>42</response>\n`);
  });

  it('escapes <, > and & in text, and leaves quotes as they are', () => {
    expect(renderXml({ m: `a<b>&c "d" 'e'` })).toContain(`<m>a&lt;b&gt;&amp;c "d" 'e'</m>`);
    expect(renderXml({ m: '&amp;' })).toContain('<m>&amp;amp;</m>');
  });

  it('renders null, undefined, an empty string, an empty object and an empty list as an empty element', () => {
    const xml = renderXml({ a: null, b: undefined, c: '', d: {}, e: [] });
    for (const name of ['a', 'b', 'c', 'd', 'e']) expect(xml).toContain(`  <${name}/>\n`);
    expect(renderXml(null)).toBe(`${HEAD}<response/>\n`);
  });

  it('keeps 0 and false, which are not empty', () => {
    expect(renderXml({ n: 0, f: false })).toContain('  <n>0</n>\n  <f>false</f>\n');
  });

  it('renders each member of a list as <item>, also nested lists and objects', () => {
    expect(renderXml({ ids: [1, [2, 3], { x: 'y' }] })).toBe(
      `${HEAD}<response>\n  <ids>\n    <item>1</item>\n    <item>\n      <item>2</item>\n      <item>3</item>\n    </item>\n` +
        `    <item>\n      <x>y</x>\n    </item>\n  </ids>\n</response>\n`,
    );
    expect(renderXml([1, 2])).toBe(`${HEAD}<response>\n  <item>1</item>\n  <item>2</item>\n</response>\n`);
  });

  it('makes every key a valid element name: other characters become _, a name not starting with a letter or _ gets item_', () => {
    const xml = renderXml({ 'a b': 1, 'x:y': 2, '1st': 3, '-dash': 4, '.dot': 5, _ok: 6, 'ok.-_9': 7, '<script>': 8, '': 9 });
    for (const line of [
      '<a_b>1</a_b>',
      '<x_y>2</x_y>',
      '<item_1st>3</item_1st>',
      '<item_-dash>4</item_-dash>',
      '<item_.dot>5</item_.dot>',
      '<_ok>6</_ok>',
      '<ok.-_9>7</ok.-_9>',
      '<_script_>8</_script_>',
      '<item_>9</item_>',
    ]) {
      expect(xml).toContain(line);
    }
  });
});
