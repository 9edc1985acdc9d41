import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeApp } from '../support/make-app.js';

const PARAMS = join(import.meta.dirname, 'specs', 'params.openapi.yaml');
const COLLECTIONS = join(import.meta.dirname, 'specs', 'collections.swagger.yaml');

/** The problem+json detail of a 400, which names the parameter. */
async function refusal(path: string, set: Record<string, string> = {}): Promise<string> {
  const t = makeApp({ specs: [PARAMS] });
  const res = await t.http.get(path).set(set).expect(400);
  return res.body.detail as string;
}

describe('parameters read by their style and explode (OpenAPI 3.1)', () => {
  it.each([
    ['/params/form?ids=1', 'query form, exploded, one item'],
    ['/params/form?ids=1&ids=2', 'query form, exploded, repeated'],
    ['/params/form?csv=1,2', 'query form, not exploded'],
    ['/params/form?space=1%202', 'spaceDelimited'],
    ['/params/form?pipe=1|2', 'pipeDelimited'],
    ['/params/objects?point=x,1,y,2', 'query object, form, not exploded'],
    ['/params/objects?filter[status]=open&filter[size]=3', 'deepObject'],
    ['/params/spread?lat=1.5&lng=2', 'query object, form, exploded'],
    ['/params/simple/1,2,3', 'path simple'],
    ['/params/points/x,1,y,2', 'path simple object'],
    ['/params/exploded-points/x=1,y=2', 'path simple object, exploded'],
    ['/params/label/.1,2', 'path label'],
    ['/params/exploded-label/.1.2', 'path label, exploded'],
    ['/params/matrix/;id=1,2', 'path matrix'],
    ['/params/exploded-matrix/;id=1;id=2', 'path matrix, exploded'],
  ])('takes %s (%s)', async (path) => {
    const t = makeApp({ specs: [PARAMS] });
    await t.http.get(path).expect(200);
  });

  it.each([
    ['/params/form?ids=1&ids=x', 'query/ids/1 must be integer'],
    ['/params/form?csv=1,x', 'query/csv/1 must be integer'],
    ['/params/form?space=1%20x', 'query/space/1 must be integer'],
    ['/params/form?pipe=x|2', 'query/pipe/0 must be integer'],
    ['/params/objects?point=x,a,y,2', 'query/point/x must be integer'],
    ['/params/objects?point=x,1,y', 'query/point must be key,value pairs'],
    ['/params/objects?filter[status]=lost', 'query/filter/status must be equal to one of the allowed values'],
    ['/params/spread?lat=north', 'query/at/lat must be number'],
    ['/params/simple/1,x', 'path/ids/1 must be integer'],
    ['/params/points/x,a,y,2', 'path/point/x must be integer'],
    ['/params/exploded-points/x=1,y=b', 'path/point/y must be integer'],
    ['/params/label/1,2', "path/ids must start with '.' (label style)"],
    ['/params/exploded-label/.1.x', 'path/ids/1 must be integer'],
    ['/params/matrix/;id=1,x', 'path/id/1 must be integer'],
    ['/params/exploded-matrix/;id=1;other=2', 'path/id must be ;id=… (matrix style)'],
  ])('refuses %s naming the parameter', async (path, detail) => {
    expect(await refusal(path)).toContain(detail);
  });

  it('reads a header parameter as simple: comma-separated items, spaces around them ignored', async () => {
    const t = makeApp({ specs: [PARAMS] });
    await t.http.get('/params/simple/1').set('X-Ids', '1, 2,3').expect(200);
    expect(await refusal('/params/simple/1', { 'X-Ids': '1, x' })).toContain('header/X-Ids/1 must be integer');
  });

  it('checks cookie parameters from the Cookie header', async () => {
    const t = makeApp({ specs: [PARAMS] });
    await t.http.get('/params/cookies').set('Cookie', 'count=3; ids=1,2; other=x').expect(200);
    expect(await refusal('/params/cookies', { Cookie: 'count=many' })).toContain('cookie/count must be integer');
    expect(await refusal('/params/cookies', { Cookie: 'ids=1,x' })).toContain('cookie/ids/1 must be integer');
  });

  it('refuses a scalar query parameter sent twice, naming it', async () => {
    expect(await refusal('/params/form?limit=1&limit=2')).toContain('query/limit must be sent once');
    const t = makeApp({ specs: [PARAMS] });
    await t.http.get('/params/form?limit=1&other=2').expect(200);
  });
});

describe("Swagger 2.0's collectionFormat, read as the style it becomes in OpenAPI 3", () => {
  it.each([
    ['/collections/lists/1,2?csv=1,2', 'csv: form, not exploded'],
    ['/collections/lists/1?ssv=1%202', 'ssv: spaceDelimited'],
    ['/collections/lists/1?pipes=1|2', 'pipes: pipeDelimited'],
    ['/collections/lists/1?multi=1&multi=2', 'multi: form, exploded'],
    ['/collections/lists/1?plain=1,2', 'none: csv, the default'],
  ])('takes %s (%s)', async (path) => {
    const t = makeApp({ specs: [COLLECTIONS] });
    await t.http.get(path).expect(200);
  });

  it.each([
    ['/collections/lists/1,x', 'path/ids/1 must be integer'],
    ['/collections/lists/1?csv=1|2', 'query/csv/0 must be integer'],
    ['/collections/lists/1?ssv=1,2', 'query/ssv/0 must be integer'],
    ['/collections/lists/1?pipes=1,2', 'query/pipes/0 must be integer'],
    ['/collections/lists/1?multi=1,2', 'query/multi/0 must be integer'],
  ])('refuses %s naming the parameter', async (path, detail) => {
    const t = makeApp({ specs: [COLLECTIONS] });
    const res = await t.http.get(path).expect(400);
    expect(res.body.detail).toContain(detail);
  });
});

describe('URLs and bodies decoded strictly', () => {
  it.each([
    ['/params/items/%zz', 'path/id must be valid percent-encoded UTF-8'],
    ['/params/items/%ff', 'path/id must be valid percent-encoded UTF-8'],
    ['/params/items/1?q=%zz', 'query/q must be valid percent-encoded UTF-8'],
    ['/params/items/1?q=%ff', 'query/q must be valid percent-encoded UTF-8'],
  ])('refuses %s', async (path, detail) => {
    expect(await refusal(path)).toContain(detail);
  });

  it('takes a percent-encoded percent sign as text, and ignores a parameter the operation does not declare', async () => {
    const t = makeApp({ specs: [PARAMS] });
    await t.http.get('/params/items/1?q=%25zz%C3%A9').expect(200);
    await t.http.get('/params/items/1?other=%zz').expect(200);
  });

  it('refuses a JSON body that is not UTF-8', async () => {
    const t = makeApp({ specs: [PARAMS] });
    const body = Buffer.concat([Buffer.from('{"text":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]);
    const res = await t.http
      .post('/params/notes')
      .set('Content-Type', 'application/json')
      .serialize((b: Buffer) => b as unknown as string)
      .send(body)
      .expect(400);
    expect(res.body.detail).toBe('the body is not valid JSON');
    await t.http.post('/params/notes').send({ text: 'é' }).expect(201);
  });

  it('parses an XML body and refuses a malformed one', async () => {
    const t = makeApp({ specs: [PARAMS] });
    const post = (xml: string) => t.http.post('/params/notes').set('Content-Type', 'application/xml').send(xml);
    await post('<note><text>hi</text></note>').expect(201);
    const res = await post('<note><text>hi</note>').expect(400);
    expect(res.body.detail).toBe('the body is not valid XML');
    await post('not xml at all').expect(400);
  });
});
