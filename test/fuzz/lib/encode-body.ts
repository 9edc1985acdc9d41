import type { BodyPlan } from './body-plan.js';

/** The body's bytes and the Content-Type header for a plan (the header may gain a boundary). */
export function encodeBody(plan: BodyPlan): { bytes: Buffer; contentType?: string } {
  let contentType = plan.contentType;
  let text: string | undefined;
  let bytes: Buffer;
  switch (plan.encoding) {
    case 'json':
      text = JSON.stringify(plan.value) ?? '';
      break;
    case 'xml':
      text = encodeXml(plan);
      break;
    case 'form':
      text = encodeForm(plan);
      break;
    case 'multipart': {
      text = encodeMultipart(plan);
      if (contentType?.toLowerCase().startsWith('multipart/') && plan.tweak !== 'multipart-no-boundary') {
        contentType += `; boundary=${plan.tweak === 'multipart-wrong-boundary' ? `${plan.boundary}x` : plan.boundary}`;
      }
      break;
    }
    case 'raw':
      text = undefined;
      break;
  }
  bytes = text === undefined ? Buffer.from(plan.raw ?? '', 'latin1') : Buffer.from(text, 'utf8');
  bytes = damageBytes(bytes, plan);
  if (plan.padTo && plan.padTo > bytes.length) bytes = Buffer.concat([bytes, Buffer.alloc(plan.padTo - bytes.length, ' ')]);
  return { bytes, contentType };
}

function damageBytes(bytes: Buffer, plan: BodyPlan): Buffer {
  const at = Math.floor(bytes.length * plan.at);
  const insert = (extra: Buffer) => Buffer.concat([bytes.subarray(0, at), extra, bytes.subarray(at)]);
  switch (plan.bytes) {
    case 'none':
      return bytes;
    case 'truncate':
      return bytes.subarray(0, at);
    case 'bom':
      return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes]);
    case 'utf16le':
      return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(bytes.toString('utf8'), 'utf16le')]);
    case 'invalid-utf8':
      return insert(Buffer.from([0xc3, 0x28, 0xff, 0xed, 0xa0, 0x80]));
    case 'nul':
      return insert(Buffer.from([0]));
    case 'latin1':
      return Buffer.from(bytes.toString('utf8'), 'latin1');
  }
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function toXml(value: unknown, plan: BodyPlan): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map((v) => `<item>${toXml(v, plan)}</item>`).join('');
  if (typeof value === 'object')
    return Object.entries(value)
      .map(([k, v]) => `<${k}>${toXml(v, plan)}</${k}>`)
      .join('');
  return escapeXml(String(value));
}

function encodeXml(plan: BodyPlan): string {
  const value = plan.value;
  const fields = value && typeof value === 'object' && !Array.isArray(value) ? Object.entries(value) : [];
  const first = fields[0]?.[0] ?? 'username';
  let inner = toXml(value, plan);
  let head = '<?xml version="1.0"?>';
  let rootAttrs = '';
  switch (plan.tweak) {
    case 'xml-doctype':
      head += `<!DOCTYPE ${plan.xmlRoot} [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>`;
      inner = inner.replace(`<${first}>`, `<${first}>&lol2;`);
      break;
    case 'xml-entity':
      head += `<!DOCTYPE ${plan.xmlRoot} [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>`;
      inner = inner.replace(`<${first}>`, `<${first}>&xxe;`);
      break;
    case 'xml-undefined-entity':
      inner = inner.replace(`<${first}>`, `<${first}>&nbsp;&copy;`);
      break;
    case 'xml-charref':
      inner = inner.replace(`<${first}>`, `<${first}>&#64;&#x40;&#0;&#xD800;`);
      break;
    case 'xml-cdata':
      inner = inner.replace(`<${first}>`, `<${first}><![CDATA[<&>]]>`);
      break;
    case 'xml-attributes':
      rootAttrs = ' username="attr" password="attr-secret"';
      inner = inner.replace(`<${first}>`, `<${first} type="array">`);
      break;
    case 'xml-namespace':
      rootAttrs = ' xmlns="urn:x" xmlns:a="urn:a"';
      inner = inner.replace(`<${first}>`, `<a:${first}>`).replace(`</${first}>`, `</a:${first}>`);
      break;
    case 'xml-comment':
      inner = `<!-- ${'-'.repeat(3)} -->${inner}<?pi x?>`;
      break;
    case 'xml-declaration-latin1':
      head = '<?xml version="1.0" encoding="ISO-8859-1"?>';
      break;
    case 'xml-nested-field':
      inner = inner.replace(`<${first}>`, `<${first}><item>a</item><item>`).replace(`</${first}>`, `</item></${first}>`);
      break;
    default:
      break;
  }
  return `${head}<${plan.xmlRoot}${rootAttrs}>${inner}</${plan.xmlRoot}>`;
}

function flatten(value: unknown, prefix = ''): [string, string][] {
  if (value === null || value === undefined) return prefix ? [[prefix, '']] : [];
  if (Array.isArray(value)) return value.flatMap((v) => flatten(v, `${prefix}[]`));
  if (typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => flatten(v, prefix ? `${prefix}[${k}]` : k));
  return [[prefix || 'value', String(value)]];
}

function encodeForm(plan: BodyPlan): string {
  let pairs = flatten(plan.value);
  if (plan.tweak === 'form-duplicate-keys') pairs = [...pairs, ...pairs.map(([k]) => [k, 'dup'] as [string, string])];
  if (plan.tweak === 'form-brackets') pairs = pairs.map(([k, v]) => [`${k}[0]`, v]);
  let text = new URLSearchParams(pairs).toString();
  if (plan.tweak === 'form-broken-percent') text += '&%zz=%E0%A4%A&=&&a==b%';
  return text;
}

function encodeMultipart(plan: BodyPlan): string {
  const eol = plan.tweak === 'multipart-lf-only' ? '\n' : '\r\n';
  const parts = flatten(plan.value).map(([name, value], i) => {
    const file = plan.tweak === 'multipart-file-part' && i === 0 ? `; filename="../../${name}.txt"${eol}Content-Type: text/plain` : '';
    return `--${plan.boundary}${eol}Content-Disposition: form-data; name="${name}"${file}${eol}${eol}${value}${eol}`;
  });
  return plan.tweak === 'multipart-unterminated' ? parts.join('') : `${parts.join('')}--${plan.boundary}--${eol}`;
}
