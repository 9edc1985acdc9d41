/**
 * A message's `%name` placeholders filled from `params`; one the params do not name stays
 * as written (the commerce platform sends some messages with their placeholders raw).
 */
export function fillTemplate(template: string, params: Readonly<Record<string, unknown>>): string {
  return template.replace(/%([A-Za-z]+)/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
