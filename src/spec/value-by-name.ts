import type { Faker } from '@faker-js/faker';

/** A realistic string for a `format`, or undefined for a format it does not know. */
export function stringByFormat(f: Faker, format: string): string | undefined {
  switch (format) {
    case 'email':
    case 'idn-email':
      return f.internet.email({ provider: 'example.com' }).toLowerCase();
    case 'uri':
    case 'url':
    case 'iri':
      return f.internet.url();
    case 'uri-reference':
    case 'iri-reference':
      return `/${f.lorem.slug(2)}`;
    case 'uuid':
      return f.string.uuid();
    case 'date-time':
      return f.date
        .past({ years: 2 })
        .toISOString()
        .replace(/\.\d{3}Z$/, 'Z');
    case 'date':
      return f.date.past({ years: 2 }).toISOString().slice(0, 10);
    case 'time':
      return f.date.past().toISOString().slice(11, 19) + 'Z';
    case 'ipv4':
      return f.internet.ipv4();
    case 'ipv6':
      return f.internet.ipv6();
    case 'hostname':
    case 'idn-hostname':
      return f.internet.domainName();
    case 'byte':
      return Buffer.from(f.lorem.word()).toString('base64');
    case 'password':
      return f.internet.password({ length: 12 });
    default:
      return undefined;
  }
}

/** A realistic string for a property's name (`email`, `firstName`, `city`, `avatarUrl`…), or undefined. */
export function stringByName(f: Faker, name: string): string | undefined {
  const n = name.toLowerCase().replace(/[_\-\s]/g, '');
  if (n.endsWith('email')) return f.internet.email({ provider: 'example.com' }).toLowerCase();
  if (n === 'firstname' || n === 'givenname') return f.person.firstName();
  if (n === 'lastname' || n === 'familyname' || n === 'surname') return f.person.lastName();
  if (n === 'username' || n === 'login' || n === 'handle' || n === 'nickname') return f.internet.username().toLowerCase();
  if (n === 'name' || n === 'fullname' || n === 'displayname' || n === 'author' || n === 'owner')
    return `${f.person.firstName()} ${f.person.lastName()}`;
  if (n.endsWith('city')) return f.location.city();
  if (n === 'countrycode') return f.location.countryCode();
  if (n.endsWith('country')) return f.location.country();
  if (n === 'state' || n === 'region' || n === 'province') return f.location.state();
  if (n === 'street' || n === 'address' || n === 'streetaddress' || n === 'address1') return f.location.streetAddress();
  if (n === 'zip' || n === 'zipcode' || n === 'postcode' || n === 'postalcode') return f.location.zipCode('#####');
  if (n.startsWith('phone') || n.endsWith('phone') || n === 'mobile' || n === 'tel' || n === 'phonenumber')
    return f.phone.number({ style: 'international' });
  if (/^(avatar|photo|picture|image|thumbnail)(url|uri)?$/.test(n) || /(avatar|photo|image|picture)(url|uri)$/.test(n))
    return n.includes('avatar') ? f.image.avatar() : f.image.url();
  if (n === 'url' || n === 'website' || n === 'homepage' || n === 'link' || n.endsWith('url') || n.endsWith('uri')) return f.internet.url();
  if (n === 'company' || n === 'companyname' || n === 'organization' || n === 'organisation') return f.company.name();
  if (n === 'jobtitle') return f.person.jobTitle();
  if (n === 'title' || n === 'subject' || n === 'headline' || n === 'label') return f.company.catchPhrase();
  if (/^(description|summary|bio|notes?|comment|body|content|text|message|details)$/.test(n)) return f.commerce.productDescription();
  if (n === 'currency' || n === 'currencycode') return f.finance.currencyCode();
  if (n === 'color' || n === 'colour') return f.color.human();
  if (n === 'slug') return f.lorem.slug(3);
  if (n === 'uuid' || n === 'guid') return f.string.uuid();
  if (n === 'ip' || n === 'ipaddress') return f.internet.ipv4();
  if (n === 'domain' || n === 'hostname' || n === 'host') return f.internet.domainName();
  if (n === 'password' || n === 'secret') return f.internet.password({ length: 12 });
  if (n === 'language' || n === 'locale') return f.helpers.arrayElement(['en', 'fr', 'de', 'es', 'ja']);
  if (n.endsWith('at') && n.length > 2 && /(created|updated|deleted|modified|published|started|ended|expires)at$/.test(n))
    return f.date
      .past({ years: 2 })
      .toISOString()
      .replace(/\.\d{3}Z$/, 'Z');
  if (n.endsWith('date') || n === 'birthday' || n === 'dob') return f.date.past({ years: 2 }).toISOString().slice(0, 10);
  return undefined;
}

/** A realistic number for a property's name (`price`, `age`, `quantity`…) within [min, max], or undefined. */
export function numberByName(f: Faker, name: string, integer: boolean, min: number, max: number): number | undefined {
  const n = name.toLowerCase().replace(/[_\-\s]/g, '');
  const within = (lo: number, hi: number) => {
    const a = Math.max(lo, min);
    const b = Math.min(hi, max);
    if (a > b) return undefined;
    return integer ? f.number.int({ min: Math.ceil(a), max: Math.floor(b) }) : f.number.float({ min: a, max: b, fractionDigits: 2 });
  };
  if (/(price|amount|cost|total|balance|fee|salary)$/.test(n)) return within(1, 1000);
  if (n === 'age') return within(18, 90);
  if (/(quantity|qty|count|stock)$/.test(n)) return within(0, 100);
  if (n === 'rating' || n === 'stars') return within(1, 5);
  if (n === 'lat' || n === 'latitude') return within(-90, 90);
  if (n === 'lng' || n === 'lon' || n === 'longitude') return within(-180, 180);
  if (n === 'year') return within(1990, 2030);
  if (n === 'id' || n.endsWith('id')) return within(1, 1000);
  return undefined;
}
