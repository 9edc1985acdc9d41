// A user's XML body is checked to be well-formed, not read into the schema's shape: XML has
// no one mapping to JSON that a spec's schema could be trusted to describe.

/** Why the text is not a well-formed XML document without a DTD or entity declarations; undefined when it is. */
export async function findXmlError(text: string): Promise<string | undefined> {
  // no DTD, no entities: nothing the document declares is expanded (as the built-in commerce API)
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) return 'DTDs and entity declarations are not accepted';
  // imported on the first XML body (most specs never see one), then from Node's module cache
  const { XMLValidator } = await import('fast-xml-parser');
  try {
    const valid = XMLValidator.validate(text);
    return valid === true ? undefined : `${valid.err.msg} at line ${valid.err.line}`;
  } catch (err) {
    return (err as Error).message; // nesting too deep for the stack
  }
}
